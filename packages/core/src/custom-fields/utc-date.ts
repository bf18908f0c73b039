/**
 * A `Date` whose "local" fields are its UTC fields. date-fns' `parse` builds its result through
 * the local getters and setters; handing it this class (its `in` option) makes parsing independent
 * of the process time zone, so a wall time that falls in the server's own DST gap is not shifted.
 */
export class UtcDate extends Date {
  constructor(...args: [] | [number | string | Date] | [number, number, ...number[]]) {
    if (args.length > 1) {
      const [year, month, ...rest] = args as [number, number, ...number[]];
      super(Date.UTC(year, month, ...rest));
    } else {
      super(...(args as [number]));
    }
  }

  override getTimezoneOffset(): number {
    return 0;
  }
  override getFullYear(): number {
    return this.getUTCFullYear();
  }
  override getMonth(): number {
    return this.getUTCMonth();
  }
  override getDate(): number {
    return this.getUTCDate();
  }
  override getDay(): number {
    return this.getUTCDay();
  }
  override getHours(): number {
    return this.getUTCHours();
  }
  override getMinutes(): number {
    return this.getUTCMinutes();
  }
  override getSeconds(): number {
    return this.getUTCSeconds();
  }
  override getMilliseconds(): number {
    return this.getUTCMilliseconds();
  }
  override setFullYear(...args: Parameters<Date["setUTCFullYear"]>): number {
    return this.setUTCFullYear(...args);
  }
  override setMonth(...args: Parameters<Date["setUTCMonth"]>): number {
    return this.setUTCMonth(...args);
  }
  override setDate(...args: Parameters<Date["setUTCDate"]>): number {
    return this.setUTCDate(...args);
  }
  override setHours(...args: Parameters<Date["setUTCHours"]>): number {
    return this.setUTCHours(...args);
  }
  override setMinutes(...args: Parameters<Date["setUTCMinutes"]>): number {
    return this.setUTCMinutes(...args);
  }
  override setSeconds(...args: Parameters<Date["setUTCSeconds"]>): number {
    return this.setUTCSeconds(...args);
  }
  override setMilliseconds(...args: Parameters<Date["setUTCMilliseconds"]>): number {
    return this.setUTCMilliseconds(...args);
  }
}

/** The `in` context for date-fns: every date it constructs is a {@link UtcDate}. */
export const inUtc = (value: Date | number | string): UtcDate => new UtcDate(value instanceof Date ? value.getTime() : value);
