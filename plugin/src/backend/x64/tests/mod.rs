//! Tests of the x86-64 backend.
