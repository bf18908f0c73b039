// Vessel position forecasts along the sea lanes.
export { estimateFuturePositions, DEFAULT_SPEED_KNOTS, type FuturePositionsOptions } from "./future-positions.js";
// Position retention: full resolution for a window, thinned tracks after it.
export {
  createPositionRetention, thinnedAway, DEFAULT_POSITION_RETENTION_EVERY_MS, DEFAULT_FULL_RESOLUTION_MS, DEFAULT_THINNED_INTERVAL_MS, DEFAULT_TURN_DEGREES,
  type PositionRetention, type PositionRetentionOptions, type PositionRetentionSummary,
} from "./position-retention.js";
