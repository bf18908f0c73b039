import type { Port } from "../domain/index.js";

/** One ocean leg as the simulation sails it, with absolute epoch-millisecond times. */
export interface JourneyLeg {
  from: Port;
  to: Port;
  vessel: { name: string; imo: string; mmsi: string };
  voyageNumber: string;
  departAt: number;
  arriveAt: number;
  /** The average speed over the leg's sea route, in knots (for position reports). */
  knots: number;
  /** How much the speed swings around `knots` along the leg, as a fraction (position reports only; the arrival is on time). */
  swing?: number;
}
