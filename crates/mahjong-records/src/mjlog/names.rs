//! Players' names in `UN` tags: UTF-8 bytes URL-encoded (`%E3%81%82`...), as Tenhou writes
//! them (NegativeMjark/tenhou-log's `tenhouLog.py` reads them with `urllib.unquote`; mjx's
//! decoder likewise).

/// The name `text` encodes, `None` when its `%XX` escapes are broken or give no UTF-8.
pub(crate) fn decode_name(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at] == b'%' {
            let hex = text.get(at + 1..at + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            at += 3;
        } else {
            out.push(bytes[at]);
            at += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// `name` encoded as Tenhou writes it: every byte `%XX` (upper-case hex), as in its records.
pub(crate) fn encode_name(name: &str) -> String {
    name.bytes().map(|b| format!("%{b:02X}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_decode_as_tenhou_encodes_them() {
        // dnovikoff/tenhou's sanma.xml: n0="%4E%4E%4E%6F%4E%61%6D%65".
        assert_eq!(
            decode_name("%4E%4E%4E%6F%4E%61%6D%65").as_deref(),
            Some("NNNoName")
        );
        assert_eq!(decode_name("%E3%81%82").as_deref(), Some("あ"));
        assert_eq!(decode_name("%E3%81").as_deref(), None);
        assert_eq!(decode_name("%G0").as_deref(), None);
        assert_eq!(decode_name("%").as_deref(), None);
        let name = "名前 a&b";
        assert_eq!(decode_name(&encode_name(name)).as_deref(), Some(name));
    }
}
