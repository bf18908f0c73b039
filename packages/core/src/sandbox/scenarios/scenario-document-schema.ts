import { checkScenario } from "./scenario-checks.js";
import { ScenarioFieldsSchema } from "./scenario-document.js";

/**
 * A scenario document: a shipment's whole scripted story, with every time an offset from its
 * start. Checked against the reference data (shipping lines, ports, metro areas) and for order
 * (a leg departs after the previous one arrives, a hold is released after it is placed).
 */
export const ScenarioDocumentSchema = ScenarioFieldsSchema.superRefine(checkScenario);
