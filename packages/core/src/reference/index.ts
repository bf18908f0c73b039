// Global reference data (ports, terminals, rail terminals, metro areas, shipping lines) with
// stable ids. Nothing is loaded at import; each table is built on first use.
export { referenceId } from "./reference-ids.js";
export { regionAbbreviation, regionName } from "./region-abbreviations.js";
export { EXTRA_PORTS, PORT_CORRECTIONS } from "./port-corrections.js";
export { allPorts, portById, portByLocode } from "./ports.js";
export { allMetroAreas, metroAreaById, metroAreaByLocode } from "./metro-areas.js";
export { allTerminals, terminalById, terminalsByPort } from "./terminals.js";
export { allRailTerminals, railTerminalById, railTerminalsByMetroArea } from "./rail-terminals.js";
export { UNSUPPORTED_SCACS, allShippingLines, billOfLadingPrefixes, shippingLineById, shippingLineByScac } from "./shipping-lines.js";
