// Postal abbreviations of first-level subdivisions, for the countries whose ports the API
// labels with a two-letter `state_abbr` (United States, Canada, Australia).

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
 * English name (`("US", "South Carolina")` → `"SC"`); `null` for other countries or unknown names.
 */
export function regionAbbreviation(countryCode: string, regionName: string | null | undefined): string | null {
  if (!regionName) return null;
  return nameIndex().get(`${countryCode}:${regionName.trim().toLowerCase()}`) ?? null;
}

/**
 * The full English name of a US state, Canadian province or Australian state given its postal
 * abbreviation (`("US", "SC")` → `"South Carolina"`); `null` when unknown.
 */
export function regionName(countryCode: string, abbreviation: string): string | null {
  return TABLES[countryCode]?.[abbreviation] ?? null;
}
