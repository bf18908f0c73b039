import { describe, expect, it } from "vitest";
import { apiKeyPrefix, generateApiKey, hashApiKey, parseAuthorization, sameDigest } from "./api-keys.js";

describe("API keys", () => {
  it("are random, prefixed and long enough", () => {
    const a = generateApiKey();
    const b = generateApiKey();
    expect(a).not.toBe(b);
    expect(a).toMatch(/^bol_[A-Za-z0-9_-]{43}$/);
    expect(apiKeyPrefix(a)).toBe(a.slice(0, 10));
  });

  it("are stored as a SHA-256 hex digest compared in constant time", () => {
    const key = generateApiKey();
    const hash = hashApiKey(key);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(sameDigest(hash, hashApiKey(key))).toBe(true);
    expect(sameDigest(hash, hashApiKey(`${key}x`))).toBe(false);
    expect(sameDigest(hash, "abcd")).toBe(false);
  });

  it("are read from Token (canonical) or Bearer headers only", () => {
    expect(parseAuthorization("Token bol_abc")).toBe("bol_abc");
    expect(parseAuthorization("Bearer bol_abc")).toBe("bol_abc");
    expect(parseAuthorization("token  bol_abc ")).toBe("bol_abc");
    expect(parseAuthorization("Basic Zm9v")).toBeNull();
    expect(parseAuthorization("Token")).toBeNull();
    expect(parseAuthorization("Token a b")).toBeNull();
    expect(parseAuthorization(undefined)).toBeNull();
  });
});
