//! (stage module; see ARCHITECTURE.md)
