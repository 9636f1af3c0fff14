// Vite's additions to import.meta (import.meta.glob for the per-language catalogues).
/// <reference types="vite/client" />
