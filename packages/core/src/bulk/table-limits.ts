/** How many rows {@link readTable} accepts unless told otherwise. */
export const DEFAULT_MAX_TABLE_ROWS = 100_000;

/**
 * The most columns a table's header may name. Bulk files use a handful; a thousand leaves room
 * for wide ERP exports while keeping one row's object small.
 */
export const MAX_TABLE_COLUMNS = 1_000;

/**
 * The most characters one cell may hold. Excel's formula bar shows at most 8,192 and bulk
 * attributes (numbers, SCACs, tags, references) need far fewer; 10,000 refuses only what no
 * import means to send.
 */
export const MAX_TABLE_CELL_LENGTH = 10_000;

/**
 * The most non-empty cells a table may hold: 100,000 rows of 50 filled columns. Rows and columns
 * alone would allow 10⁸ cells (gigabytes); this keeps a table read in memory to a few hundred MB.
 */
export const MAX_TABLE_CELLS = 5_000_000;

/**
 * The most bytes an XLSX file may unpack to, over all its parts. exceljs, which reads the workbook,
 * holds it whole (a few hundred bytes per cell), so this bounds that memory: a 100,000 × 5
 * workbook unpacks to about 25 MiB, 128 MiB takes some 35 columns of 100,000 rows, and XML
 * compresses 10–100×, so a 64 MiB upload could otherwise unpack to gigabytes.
 */
export const MAX_XLSX_INFLATED_BYTES = 128 * 1024 * 1024;
