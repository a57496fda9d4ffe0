-- Trigram indexes make "contains" search fast at any catalog size. drizzle-kit never writes CREATE EXTENSION.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
