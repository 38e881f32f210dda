// Hidden check for rust-words-whitespace, copied into tests/ of the result tree by the check.
use words::{line_count, word_count};

#[test]
fn any_whitespace_separates_words() {
    assert_eq!(word_count("a\tb\nc"), 3);
    assert_eq!(word_count("  lead and trail  "), 3);
    assert_eq!(word_count("one  two"), 2);
    assert_eq!(word_count(""), 0);
    assert_eq!(word_count("   "), 0);
    assert_eq!(word_count("non\u{00a0}breaking space"), 3);
}

#[test]
fn lines_unchanged() {
    assert_eq!(line_count("a\nb\n"), 2);
}
