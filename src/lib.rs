//! Shared helpers of the `tabletop-rules` examples and benches.
//!
//! The root package publishes nothing: it owns the terminal programs in `examples/` and the
//! criterion benches in `benches/`, and this small library holds what they share.
