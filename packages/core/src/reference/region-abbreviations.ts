// Postal abbreviations of first-level subdivisions, for the countries whose ports the API
// labels with a two-letter `state_abbr` (United States, Canada, Australia), and ISO 3166-2
// subdivision codes of other port countries.

const US_STATES: Readonly<Record<string, string>> = {
  AL: "Alabama", AK: "Alaska", AZ: "Arizona", AR: "Arkansas", CA: "California",
  CO: "Colorado", CT: "Connecticut", DE: "Delaware", DC: "District of Columbia", FL: "Florida",
  GA: "Georgia", HI: "Hawaii", ID: "Idaho", IL: "Illinois", IN: "Indiana",
  IA: "Iowa", KS: "Kansas", KY: "Kentucky", LA: "Louisiana", ME: "Maine",
  MD: "Maryland", MA: "Massachusetts", MI: "Michigan", MN: "Minnesota", MS: "Mississippi",
  MO: "Missouri", MT: "Montana", NE: "Nebraska", NV: "Nevada", NH: "New Hampshire",
  NJ: "New Jersey", NM: "New Mexico", NY: "New York", NC: "North Carolina", ND: "North Dakota",
  OH: "Ohio", OK: "Oklahoma", OR: "Oregon", PA: "Pennsylvania", RI: "Rhode Island",
  SC: "South Carolina", SD: "South Dakota", TN: "Tennessee", TX: "Texas", UT: "Utah",
  VT: "Vermont", VA: "Virginia", WA: "Washington", WV: "West Virginia", WI: "Wisconsin",
  WY: "Wyoming", PR: "Puerto Rico", GU: "Guam", VI: "U.S. Virgin Islands",
  AS: "American Samoa", MP: "Northern Mariana Islands",
};

const CA_PROVINCES: Readonly<Record<string, string>> = {
  AB: "Alberta", BC: "British Columbia", MB: "Manitoba", NB: "New Brunswick",
  NL: "Newfoundland and Labrador", NS: "Nova Scotia", NT: "Northwest Territories", NU: "Nunavut",
  ON: "Ontario", PE: "Prince Edward Island", QC: "Quebec", SK: "Saskatchewan", YT: "Yukon",
};

const AU_STATES: Readonly<Record<string, string>> = {
  ACT: "Australian Capital Territory", NSW: "New South Wales", NT: "Northern Territory",
  QLD: "Queensland", SA: "South Australia", TAS: "Tasmania", VIC: "Victoria", WA: "Western Australia",
};

const TABLES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  US: US_STATES,
  CA: CA_PROVINCES,
  AU: AU_STATES,
};

/*
 * ISO 3166-2 subdivision codes (the part after `XX-`) of other countries with many container ports,
 * by the subdivision names the port data set uses (lower case, without diacritics or a bracketed
 * alias): what the live service sends as a foreign port's `state_abbr` (Busan: `"26"`, KR-26).
 */
const SUBDIVISION_CODES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  KR: {
    "seoul-teukbyeolsi": "11", seoul: "11", "busan gwang'yeogsi": "26", "daegu gwang'yeogsi": "27", "incheon gwang'yeogsi": "28", incheon: "28",
    "gwangju gwang'yeogsi": "29", "daejeon gwang'yeogsi": "30", "ulsan gwang'yeogsi": "31", gyeonggido: "41", chungcheongbugdo: "43",
    chungcheongnamdo: "44", jeonrabugdo: "52", jeonranamdo: "46", gyeongsangbugdo: "47", gyeongsangnamdo: "48", "jeju-teukbyeoljachido": "50",
  },
  DE: {
    "baden-wurttemberg": "BW", bayern: "BY", bremen: "HB", hamburg: "HH", "mecklenburg-vorpommern": "MV", niedersachsen: "NI",
    "nordrhein-westfalen": "NW", "rheinland-pfalz": "RP", "schleswig-holstein": "SH",
  },
  CN: {
    anhui: "AH", chongqing: "CQ", fujian: "FJ", guangdong: "GD", "guangdong sheng": "GD", guangxi: "GX", hainan: "HI", hebei: "HE", hubei: "HB",
    hunan: "HN", jiangsu: "JS", jiangxi: "JX", liaoning: "LN", shandong: "SD", shanghai: "SH", sichuan: "SC", tianjin: "TJ", yunnan: "YN", zhejiang: "ZJ",
  },
  JP: {
    hokkaido: "01", aomori: "02", miyagi: "04", akita: "05", yamagata: "06", fukushima: "07", ibaraki: "08", chiba: "12", tokyo: "13", kanagawa: "14",
    niigata: "15", toyama: "16", ishikawa: "17", fukui: "18", shizuoka: "22", aichi: "23", mie: "24", osaka: "27", hyogo: "28", wakayama: "30",
    tottori: "31", shimane: "32", okayama: "33", hiroshima: "34", yamaguchi: "35", tokushima: "36", kagawa: "37", ehime: "38", kochi: "39",
    fukuoka: "40", saga: "41", nagasaki: "42", kumamoto: "43", oita: "44", miyazaki: "45", kagoshima: "46", okinawa: "47",
  },
  NL: { "noord-holland": "NH", "north holland": "NH", "zuid-holland": "ZH", "south holland": "ZH", "noord-brabant": "NB", "north brabant": "NB", groningen: "GR", zeeland: "ZE", flevoland: "FL" },
  IN: {
    "andhra pradesh": "AP", delhi: "DL", goa: "GA", gujarat: "GJ", haryana: "HR", karnataka: "KA", kerala: "KL", "madhya pradesh": "MP", maharashtra: "MH",
    punjab: "PB", rajasthan: "RJ", "tamil nadu": "TN", "uttar pradesh": "UP", "west bengal": "WB",
  },
  MX: {
    "baja california": "BCN", colima: "COL", "distrito federal": "CMX", guerrero: "GRO", oaxaca: "OAX", "quintana roo": "ROO", sinaloa: "SIN",
    sonora: "SON", tamaulipas: "TAM", veracruz: "VER", yucatan: "YUC",
  },
  BR: {
    alagoas: "AL", amazonas: "AM", bahia: "BA", ceara: "CE", "espirito santo": "ES", "minas gerais": "MG", para: "PA", paraiba: "PB", parana: "PR",
    pernambuco: "PE", "rio de janeiro": "RJ", "rio grande do norte": "RN", "rio grande do sul": "RS", "santa catarina": "SC", "sao paulo": "SP", tocantins: "TO",
  },
};

/** A subdivision name as {@link SUBDIVISION_CODES} keys it, and its bracketed alias (`"Tôkyô [Tokyo]"` → `["tokyo", "tokyo"]`). */
function subdivisionKeys(name: string): string[] {
  const plain = name.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  const [main = "", alias = ""] = plain.split("[");
  return [main.trim(), alias.replace("]", "").trim()].filter((key) => key !== "");
}

let byName: Map<string, string> | undefined;

function nameIndex(): Map<string, string> {
  if (byName) return byName;
  byName = new Map();
  for (const [country, table] of Object.entries(TABLES)) {
    for (const [abbr, name] of Object.entries(table)) byName.set(`${country}:${name.toLowerCase()}`, abbr);
  }
  return byName;
}

/**
 * The postal abbreviation of a US state, Canadian province or Australian state given its full
 * English name (`("US", "South Carolina")` → `"SC"`), or elsewhere the ISO 3166-2 subdivision code
 * where Bollard knows it (`("KR", "Busan Gwang'yeogsi [Pusan-Kwangyokshi]")` → `"26"`); `null` otherwise.
 */
export function regionAbbreviation(countryCode: string, regionName: string | null | undefined): string | null {
  if (!regionName) return null;
  const postal = nameIndex().get(`${countryCode}:${regionName.trim().toLowerCase()}`);
  if (postal) return postal;
  const codes = SUBDIVISION_CODES[countryCode];
  return codes ? (subdivisionKeys(regionName).map((key) => codes[key]).find((code) => code !== undefined) ?? null) : null;
}

/**
 * The full English name of a US state, Canadian province or Australian state given its postal
 * abbreviation (`("US", "SC")` → `"South Carolina"`); `null` when unknown.
 */
export function regionName(countryCode: string, abbreviation: string): string | null {
  return TABLES[countryCode]?.[abbreviation] ?? null;
}
