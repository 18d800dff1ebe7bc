//! MachBuffer unit tests.
