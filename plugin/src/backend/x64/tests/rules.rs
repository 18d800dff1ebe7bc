//! Rule overlap check.
