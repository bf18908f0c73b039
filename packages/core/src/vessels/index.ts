// Vessel position forecasts along the sea lanes.
export { estimateFuturePositions, DEFAULT_SPEED_KNOTS, type FuturePositionsOptions } from "./future-positions.js";
