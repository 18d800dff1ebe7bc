//! egret's own x86-64 backend.
