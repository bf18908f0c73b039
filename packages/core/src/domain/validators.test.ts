import { describe, expect, it } from "vitest";
import {
  ContainerNumberSchema,
  IanaTimeZoneSchema,
  ImoSchema,
  MmsiSchema,
  ScacSchema,
  UnLocodeSchema,
  containerCheckDigit,
  isContainerNumber,
  isIanaTimeZone,
  isImo,
  isMmsi,
  isScac,
  isUnLocode,
  normalizeContainerNumber,
} from "./validators.js";

// Check digits below were computed by hand from the ISO 6346 table, not taken from memory.
const VALID_CONTAINERS = ["CSQU3054383", "MSKU9070323", "MAEU1234567", "OOLU1234567", "TGHU1234567", "HLXU8705874"];

describe("containerCheckDigit", () => {
  it("computes the ISO 6346 check digit", () => {
    expect(containerCheckDigit("CSQU305438")).toBe(3);
    expect(containerCheckDigit("MSKU907032")).toBe(3);
    expect(containerCheckDigit("TGHU123456")).toBe(7);
  });

  it("maps a remainder of 10 to 0", () => {
    expect(containerCheckDigit("MSKU000008")).toBe(0);
    expect(isContainerNumber("MSKU0000080")).toBe(true);
  });

  it("returns null for malformed prefixes", () => {
    expect(containerCheckDigit("CSQU30543")).toBeNull();
    expect(containerCheckDigit("CSQX305438")).toBeNull();
    expect(containerCheckDigit("csqu305438")).toBeNull();
    expect(containerCheckDigit("CSQU3054383")).toBeNull();
  });
});

describe("isContainerNumber", () => {
  it.each(VALID_CONTAINERS)("accepts %s", (number) => {
    expect(isContainerNumber(number)).toBe(true);
  });

  it.each(VALID_CONTAINERS)("rejects %s with its check digit off by one", (number) => {
    const digit = Number(number.charAt(10));
    expect(isContainerNumber(number.slice(0, 10) + String((digit + 1) % 10))).toBe(false);
    expect(isContainerNumber(number.slice(0, 10) + String((digit + 9) % 10))).toBe(false);
  });

  it("accepts the J and Z equipment categories", () => {
    const j = `ABCJ123456${containerCheckDigit("ABCJ123456")}`;
    const z = `ABCZ123456${containerCheckDigit("ABCZ123456")}`;
    expect(isContainerNumber(j)).toBe(true);
    expect(isContainerNumber(z)).toBe(true);
  });

  it("rejects malformed numbers", () => {
    expect(isContainerNumber("")).toBe(false);
    expect(isContainerNumber("csqu3054383")).toBe(false);
    expect(isContainerNumber("CSQU 3054383")).toBe(false);
    expect(isContainerNumber("CSQU305438")).toBe(false);
    expect(isContainerNumber("CSQU30543833")).toBe(false);
    expect(isContainerNumber("CSQX3054383")).toBe(false);
    // The carrier test line's synthetic number is not ISO 6346 (category letter T).
    expect(isContainerNumber("TEST1000001")).toBe(false);
  });

  it("rejects a transposed serial", () => {
    expect(isContainerNumber("CSQU3054833")).toBe(false);
  });
});

describe("normalizeContainerNumber", () => {
  it("uppercases and strips spaces and dashes", () => {
    expect(normalizeContainerNumber("msku 907032-3")).toBe("MSKU9070323");
    expect(normalizeContainerNumber(" CSQU-305438-3 ")).toBe("CSQU3054383");
    expect(normalizeContainerNumber("CSQU3054383")).toBe("CSQU3054383");
  });

  it("does not validate", () => {
    expect(normalizeContainerNumber("abc")).toBe("ABC");
  });
});

describe("isImo", () => {
  it.each(["9074729", "9728253", "9359014", "9301809", "9936525"])("accepts %s", (imo) => {
    expect(isImo(imo)).toBe(true);
  });

  it.each(["9074729", "9728253", "9359014", "9301809", "9936525"])("rejects %s with its check digit off by one", (imo) => {
    const digit = Number(imo.charAt(6));
    expect(isImo(imo.slice(0, 6) + String((digit + 1) % 10))).toBe(false);
    expect(isImo(imo.slice(0, 6) + String((digit + 9) % 10))).toBe(false);
  });

  it("rejects malformed input", () => {
    expect(isImo("")).toBe(false);
    expect(isImo("972825")).toBe(false);
    expect(isImo("97282533")).toBe(false);
    expect(isImo("IMO9728253")).toBe(false);
    expect(isImo("972825a")).toBe(false);
  });
});

describe("isMmsi", () => {
  it("accepts real vessel MMSIs", () => {
    expect(isMmsi("477893700")).toBe(true);
    expect(isMmsi("636017104")).toBe(true);
    expect(isMmsi("563281100")).toBe(true);
  });

  it("accepts non-ship stations with a leading 1-9", () => {
    expect(isMmsi("111232506")).toBe(true);
    expect(isMmsi("992351000")).toBe(true);
  });

  it("rejects group calls, wrong lengths and non-digits", () => {
    expect(isMmsi("023456789")).toBe(false);
    expect(isMmsi("47789370")).toBe(false);
    expect(isMmsi("4778937001")).toBe(false);
    expect(isMmsi("47789370a")).toBe(false);
    expect(isMmsi("")).toBe(false);
  });
});

describe("isScac", () => {
  it("accepts two to four upper-case letters", () => {
    for (const scac of ["MAEU", "HLCU", "COSU", "TEST", "CSXT", "UP", "BNSF"]) expect(isScac(scac)).toBe(true);
  });

  it("rejects other shapes", () => {
    for (const scac of ["", "M", "MAEUX", "maeu", "MAE1", "MA EU"]) expect(isScac(scac)).toBe(false);
  });
});

describe("isUnLocode", () => {
  it("accepts real locodes", () => {
    for (const code of ["USLAX", "CNSHA", "KRPUS", "DEHAM", "USCHS", "IDJKT", "NLRTM", "US2X9"]) {
      expect(isUnLocode(code)).toBe(true);
    }
  });

  it("rejects other shapes", () => {
    for (const code of ["", "US LAX", "uslax", "USLA", "USLAXX", "US1AB", "U5LAX", "USLA0"]) {
      expect(isUnLocode(code)).toBe(false);
    }
  });
});

describe("isIanaTimeZone", () => {
  it("accepts IANA names and links", () => {
    for (const tz of ["America/New_York", "Asia/Seoul", "Etc/UTC", "US/Eastern", "UTC", "Asia/Calcutta", "Etc/GMT+5", "America/Port-au-Prince"]) {
      expect(isIanaTimeZone(tz)).toBe(true);
    }
  });

  it("accepts every zone the runtime lists", () => {
    const zones = Intl.supportedValuesOf("timeZone");
    expect(zones.filter((tz) => !isIanaTimeZone(tz))).toEqual([]);
  });

  it("rejects offsets, lower-case spellings and garbage", () => {
    for (const tz of ["+05:00", "-0500", "Z", "", "garbage", "Mars/Olympus", "america/new_york", "America/New York", "../etc/passwd"]) {
      expect(isIanaTimeZone(tz)).toBe(false);
    }
  });

  it("returns the same answer from its cache", () => {
    expect(isIanaTimeZone("Europe/Berlin")).toBe(true);
    expect(isIanaTimeZone("Europe/Berlin")).toBe(true);
    expect(isIanaTimeZone("Europe/Nowhere")).toBe(false);
    expect(isIanaTimeZone("Europe/Nowhere")).toBe(false);
  });
});

describe("zod refinements", () => {
  it("wrap the validators", () => {
    expect(ContainerNumberSchema.safeParse("CSQU3054383").success).toBe(true);
    expect(ContainerNumberSchema.safeParse("CSQU3054384").success).toBe(false);
    expect(ImoSchema.safeParse("9728253").success).toBe(true);
    expect(ImoSchema.safeParse("9728254").success).toBe(false);
    expect(MmsiSchema.safeParse("636017104").success).toBe(true);
    expect(MmsiSchema.safeParse("63601710").success).toBe(false);
    expect(ScacSchema.safeParse("HLCU").success).toBe(true);
    expect(ScacSchema.safeParse("hlcu").success).toBe(false);
    expect(UnLocodeSchema.safeParse("KRPUS").success).toBe(true);
    expect(UnLocodeSchema.safeParse("KR PUS").success).toBe(false);
    expect(IanaTimeZoneSchema.safeParse("America/New_York").success).toBe(true);
    expect(IanaTimeZoneSchema.safeParse("+05:00").success).toBe(false);
  });

  it("reject non-strings", () => {
    expect(ImoSchema.safeParse(9728253).success).toBe(false);
    expect(ContainerNumberSchema.safeParse(null).success).toBe(false);
  });

  it("report a readable message", () => {
    const result = ContainerNumberSchema.safeParse("CSQU3054384");
    expect(result.error?.issues[0]?.message).toMatch(/ISO 6346/);
  });
});
