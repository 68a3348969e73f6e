//! Criterion benches (to come: see the open issues).
fn main() {}
