export { DEFAULT_EXCEPTION_THRESHOLDS, effectiveRules, thresholdOf, type EffectiveRule, type EffectiveRules } from "./exception-thresholds.js";
export { exceptionConditions, exceptionEvaluator, isInactive, type ExceptionCondition, type ExceptionFacts, type LocalDayOf } from "./exception-conditions.js";
export { reconcileExceptions, type EvaluatedShipment, type ExceptionChanges } from "./exception-reconcile.js";
export { etaSlipOf, type EtaSlip } from "./eta-slip.js";
export { allExceptionRules } from "./account-exception-rules.js";
export { createExceptionPass, exceptionDomainEvent, DEFAULT_EXCEPTION_EVERY_MS, type ExceptionPass, type ExceptionPassOptions, type ExceptionPassSummary } from "./exception-pass.js";
