export { delayHours, withContainerDelays, withShipmentDelays } from "./eta-delay.js";
export type { CarrierBias, EtaPrediction, EtaPredictor, PredictionInput, PredictionPlace, PredictionPosition } from "./eta-predictor.js";
export { baselinePredictor, recentSpeedKnots } from "./baseline-predictor.js";
export { ETA_SOURCES, HORIZONS, MAX_HORIZON_DAYS, SAMPLE_EVERY_HOURS, accuracyRows, forecastSamples, horizonOf, type ArrivalHistory, type ForecastSample, type HorizonBin } from "./eta-accuracy.js";
export { arrivalHistories, laneOf, type ArrivalFilter, type LaneArrivalHistory } from "./arrival-histories.js";
export { EMPTY_BIAS_TABLE, MIN_SAMPLES, MIN_SHIPMENTS, learnCarrierBias, type CarrierBiasTable } from "./carrier-bias.js";
export { DEFAULT_BIAS_RELEARN_MS, createEtaForecasting, type EtaForecasting, type EtaForecastingOptions } from "./eta-forecasting.js";
