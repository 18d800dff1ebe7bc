//! Tests of the whole syntax stage: source text in, S-expression out.
