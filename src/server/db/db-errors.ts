/** The database could not be opened: a wrong URL, a server away, a data folder another process holds. Said at start, in words. */
export class DatabaseConnectError extends Error {}
