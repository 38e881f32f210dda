//! Word and line counts for plain text.

/// The number of words in `text`: runs of characters between spaces.
pub fn word_count(text: &str) -> usize {
    text.split(' ').count()
}

/// The number of lines in `text`; a final newline does not start a new line.
pub fn line_count(text: &str) -> usize {
    text.lines().count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_words_between_spaces() {
        assert_eq!(word_count("one two three"), 3);
    }

    #[test]
    fn counts_lines() {
        assert_eq!(line_count("a\nb\n"), 2);
    }
}
