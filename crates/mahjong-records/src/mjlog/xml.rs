//! The XML of an mjlog as a list of tags: each `<NAME attr="value" .../>`, the root
//! `<mjloggm ver="2.3">` and its end `</mjloggm>`.
//!
//! Tenhou's records use no text content, comments, CDATA or nesting beyond the root (see the
//! records of dnovikoff/tenhou's `log/test_data` and mjx's `tests_cpp/resources/mjlog`), so a
//! hand tokenizer of those forms is all the format needs: it is smaller than an XML crate's
//! event loop around the same checks, and it keeps the crate free of a dependency.
//! Attribute values are unescaped for XML's five named entities and numeric references.

use crate::mjlog::error::MjlogError;

/// One tag of the record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Tag<'a> {
    /// Its place among the record's tags, from 0 (the root `mjloggm` is tag 0).
    pub index: usize,
    /// Its name (`INIT`, `T52`, `AGARI`...); `/mjloggm` for the root's end.
    pub name: &'a str,
    /// Its attributes in order, values unescaped.
    pub attrs: Vec<(&'a str, String)>,
    /// Its text as written, `<` to `>`.
    pub text: &'a str,
}

impl Tag<'_> {
    /// The value of `name`, if the tag has it.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// The tags of `text` in order.
///
/// # Errors
/// [`MjlogError::Syntax`] at the first byte that is not part of a tag as the format writes
/// them (text outside tags other than white space, a tag not closed, an attribute without a
/// quoted value, an unknown entity).
pub(crate) fn tags(text: &str) -> Result<Vec<Tag<'_>>, MjlogError> {
    let mut tags = Vec::new();
    let mut at = 0;
    let bytes = text.as_bytes();
    while at < bytes.len() {
        if bytes[at].is_ascii_whitespace() {
            at += 1;
            continue;
        }
        if bytes[at] != b'<' {
            return Err(syntax(at, "text outside a tag"));
        }
        let end = text[at..]
            .find('>')
            .map(|e| at + e)
            .ok_or_else(|| syntax(at, "a tag not closed by `>`"))?;
        let tag_text = &text[at..=end];
        if tag_text.starts_with("<?") {
            // The XML declaration some copies of records carry.
            at = end + 1;
            continue;
        }
        tags.push(tag(tags.len(), at, tag_text)?);
        at = end + 1;
    }
    Ok(tags)
}

fn syntax(offset: usize, reason: &str) -> MjlogError {
    MjlogError::Syntax {
        offset,
        reason: reason.to_string(),
    }
}

/// Reads one tag `<...>` starting at byte `offset`.
fn tag(index: usize, offset: usize, text: &str) -> Result<Tag<'_>, MjlogError> {
    let inner = &text[1..text.len() - 1];
    let inner = inner.strip_suffix('/').unwrap_or(inner);
    let name_end = inner
        .find(|c: char| c.is_ascii_whitespace())
        .unwrap_or(inner.len());
    let name = &inner[..name_end];
    let valid_name = !name.is_empty()
        && name
            .trim_start_matches('/')
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !valid_name {
        return Err(syntax(offset, "a tag without a name"));
    }
    let mut attrs = Vec::new();
    let mut rest = &inner[name_end..];
    loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            break;
        }
        let here = offset + 1 + (inner.len() - rest.len());
        let eq = rest
            .find('=')
            .ok_or_else(|| syntax(here, "an attribute without `=`"))?;
        let key = rest[..eq].trim_end();
        if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(syntax(here, "a bad attribute name"));
        }
        let after = rest[eq + 1..].trim_start();
        let quote = after
            .chars()
            .next()
            .filter(|&q| q == '"' || q == '\'')
            .ok_or_else(|| syntax(here, "an attribute value not in quotes"))?;
        let close = after[1..]
            .find(quote)
            .ok_or_else(|| syntax(here, "an attribute value not closed"))?;
        let value = unescape(&after[1..=close]).ok_or_else(|| syntax(here, "a bad entity"))?;
        attrs.push((key, value));
        rest = &after[close + 2..];
    }
    Ok(Tag {
        index,
        name,
        attrs,
        text,
    })
}

/// `value` with XML's entities replaced; `None` for an unknown or bad one.
fn unescape(value: &str) -> Option<String> {
    if !value.contains('&') {
        return Some(value.to_string());
    }
    let mut out = String::with_capacity(value.len());
    let mut rest = value;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        let semi = rest[amp..].find(';')? + amp;
        let entity = &rest[amp + 1..semi];
        let c = match entity {
            "amp" => '&',
            "lt" => '<',
            "gt" => '>',
            "quot" => '"',
            "apos" => '\'',
            _ => {
                let code = match entity.strip_prefix("#x") {
                    Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                    None => entity.strip_prefix('#')?.parse().ok()?,
                };
                char::from_u32(code)?
            }
        };
        out.push(c);
        rest = &rest[semi + 1..];
    }
    out.push_str(rest);
    Some(out)
}

/// `value` escaped for an attribute in double quotes.
pub(crate) fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_tags_with_attributes_and_entities() {
        let tags =
            tags("<mjloggm ver=\"2.3\"> <T52/><UN n0=\"a&amp;b\" n1='c'/></mjloggm>").unwrap();
        let names: Vec<&str> = tags.iter().map(|t| t.name).collect();
        assert_eq!(names, ["mjloggm", "T52", "UN", "/mjloggm"]);
        assert_eq!(tags[2].get("n0"), Some("a&b"));
        assert_eq!(tags[2].get("n1"), Some("c"));
        assert_eq!(tags[2].index, 2);
        assert_eq!(tags[1].text, "<T52/>");
    }

    #[test]
    fn refuses_what_is_not_a_tag() {
        assert!(matches!(
            tags("hello"),
            Err(MjlogError::Syntax { offset: 0, .. })
        ));
        assert!(matches!(
            tags("<T52"),
            Err(MjlogError::Syntax { offset: 0, .. })
        ));
        assert!(matches!(tags("<A b=c/>"), Err(MjlogError::Syntax { .. })));
        assert!(matches!(
            tags("<A b=\"&zz;\"/>"),
            Err(MjlogError::Syntax { .. })
        ));
        assert!(matches!(tags("< />"), Err(MjlogError::Syntax { .. })));
    }

    #[test]
    fn escape_round_trips() {
        let text = "a<b>&\"c";
        assert_eq!(unescape(&escape(text)).as_deref(), Some(text));
    }
}
