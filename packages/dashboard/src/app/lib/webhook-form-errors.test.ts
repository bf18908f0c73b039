import { describe, expect, it } from "vitest";
import { ApiError } from "../api/api-client.js";
import { fieldOf, messagesOf } from "./webhook-form-errors.js";

describe("the webhook form's error messages", () => {
  it("puts each 422 beside the field its pointer names, without the field's name again", () => {
    const error = new ApiError(422, "Unprocessable Entity", "url: Invalid URL", [
      { detail: "url: Invalid URL", pointer: "/data/attributes/url" },
      { detail: "events: Too small: expected array to have >=1 items", pointer: "/data/attributes/events" },
      { detail: "events: not a webhook event", pointer: "/data/attributes/events/1" },
    ]);
    expect(messagesOf(error)).toEqual({
      url: "Invalid URL",
      events: "Too small: expected array to have >=1 items not a webhook event",
      form: "The server did not accept the webhook (422 Unprocessable Entity): see the fields marked above.",
    });
  });

  it("keeps an error of no field of the form for the form", () => {
    expect(messagesOf(new ApiError(400, "Bad Request", "The body is not JSON", [{ detail: "The body is not JSON", pointer: null }]))).toEqual({ form: "The body is not JSON" });
    expect(messagesOf(new ApiError(422, "Unprocessable Entity", "headers: bad", [{ detail: "headers: bad", pointer: "/data/attributes/headers" }]))).toEqual({ form: "headers: bad" });
    expect(messagesOf(new ApiError(502, "Bad Gateway", "The server answered 502."))).toEqual({ form: "The server answered 502." });
    expect(messagesOf(new TypeError("Failed to fetch"))).toEqual({ form: "Could not create the webhook: Failed to fetch" });
  });

  it("tells a viewer key that it cannot write", () => {
    expect(messagesOf(new ApiError(403, "Forbidden", "This API key is read-only")).form).toContain("viewer role");
  });

  it("reads the field from a JSON pointer", () => {
    expect(fieldOf("/data/attributes/events/0")).toBe("events");
    expect(fieldOf("/data/attributes/active")).toBe("active");
    expect(fieldOf("/data/attributes/urls")).toBeNull();
    expect(fieldOf("/data/type")).toBeNull();
    expect(fieldOf(null)).toBeNull();
  });
});
