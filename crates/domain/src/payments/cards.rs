//! The local checkout's cards: the provider's well-known test numbers decide the outcome.
//! 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0027 6000 3184 needs
//! confirmation (the payment stays pending until the member confirms it). Any other number
//! that passes the Luhn check succeeds; one that fails it is refused as mistyped.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardOutcome {
    Succeeds,
    Declined,
    RequiresConfirmation,
}

pub const MSG_CARD_INVALID: &str = "Your card number is incorrect.";
pub const MSG_CARD_DECLINED: &str = "Your card was declined.";

/// A typed card number: digits with optional spaces or dashes, 12 to 19 digits, Luhn-valid.
pub fn parse_card(number: &str) -> Result<(String, CardOutcome), &'static str> {
    let digits: String = number.chars().filter(|c| !matches!(c, ' ' | '-')).collect();
    if digits.len() < 12 || digits.len() > 19 || !digits.bytes().all(|b| b.is_ascii_digit()) || !luhn(&digits) {
        return Err(MSG_CARD_INVALID);
    }
    let outcome = match digits.as_str() {
        "4000000000000002" => CardOutcome::Declined,
        "4000002760003184" => CardOutcome::RequiresConfirmation,
        _ => CardOutcome::Succeeds,
    };
    let last4 = digits[digits.len() - 4..].to_string();
    Ok((last4, outcome))
}

fn luhn(digits: &str) -> bool {
    let sum: u32 = digits
        .bytes()
        .rev()
        .enumerate()
        .map(|(i, b)| {
            let d = u32::from(b - b'0');
            if i % 2 == 1 {
                let doubled = d * 2;
                if doubled > 9 {
                    doubled - 9
                } else {
                    doubled
                }
            } else {
                d
            }
        })
        .sum();
    sum.is_multiple_of(10)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_test_cards() {
        assert_eq!(parse_card("4242 4242 4242 4242"), Ok(("4242".into(), CardOutcome::Succeeds)));
        assert_eq!(parse_card("4000-0000-0000-0002"), Ok(("0002".into(), CardOutcome::Declined)));
        assert_eq!(parse_card("4000002760003184"), Ok(("3184".into(), CardOutcome::RequiresConfirmation)));
        assert_eq!(parse_card("5555 5555 5555 4444").map(|c| c.1), Ok(CardOutcome::Succeeds));
    }

    #[test]
    fn mistyped_numbers_are_refused() {
        assert_eq!(parse_card("4242 4242 4242 4241"), Err(MSG_CARD_INVALID));
        assert_eq!(parse_card("4242"), Err(MSG_CARD_INVALID));
        assert_eq!(parse_card("4242 4242 4242 424a"), Err(MSG_CARD_INVALID));
        assert_eq!(parse_card(""), Err(MSG_CARD_INVALID));
    }
}
