//! Criterion benches of omok-core.
fn main() {}
