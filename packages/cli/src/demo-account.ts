/** The account `bollard demo` fills, and `bollard serve` creates with demo data, when none is named. */
export const DEFAULT_DEMO_ACCOUNT = "Demo";
