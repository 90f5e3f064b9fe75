-- Trigram matching for search in scripts written without spaces (Burmese, Thai).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
