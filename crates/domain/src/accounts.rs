//! Rules for accounts: registration fields, email format, passwords, one-time codes.

use crate::FieldErrors;

pub const PASSWORD_MIN: usize = 8;
pub const PASSWORD_MAX: usize = 128;
pub const NAME_MAX: usize = 150;
pub const EMAIL_MAX: usize = 254;
pub const OTP_LENGTH: usize = 6;
/// Wrong guesses allowed on one code before it must be resent.
pub const OTP_MAX_ATTEMPTS: i32 = 5;
pub const OTP_TTL_MINUTES: i64 = 10;

/// `{local}@{domain}.{tld}` with no spaces (spec 000 §5).
pub fn is_valid_email(email: &str) -> bool {
    let Some((local, domain)) = email.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && !domain.contains('@')
        && domain.split('.').count() >= 2
        && domain.split('.').all(|part| !part.is_empty())
        && !email.chars().any(char::is_whitespace)
        && email.len() <= EMAIL_MAX
}

/// Trims and lower-cases an email address.
pub fn normalize_email(email: &str) -> String {
    email.trim().to_lowercase()
}

pub fn check_password(errors: &mut FieldErrors, field: &str, password: &str) {
    let len = password.chars().count();
    if len < PASSWORD_MIN {
        errors.add(field, "Password must be at least 8 characters");
    } else if len > PASSWORD_MAX {
        errors.add(field, format!("Ensure this field has no more than {PASSWORD_MAX} characters."));
    }
}

/// What a sign-up form sends.
#[derive(Debug, Clone, Default)]
pub struct Registration {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub password: String,
    pub confirm_password: String,
}

/// Checks a sign-up with the spec's messages; returns it cleaned (trimmed names,
/// normalised email).
pub fn validate_registration(input: &Registration) -> Result<Registration, FieldErrors> {
    let mut errors = FieldErrors::new();
    let first_name = input.first_name.trim().to_string();
    let last_name = input.last_name.trim().to_string();
    if first_name.is_empty() {
        errors.add("first_name", "First name must be at least 1 characters");
    } else if first_name.chars().count() > NAME_MAX {
        errors.add("first_name", format!("Ensure this field has no more than {NAME_MAX} characters."));
    }
    if last_name.is_empty() {
        errors.add("last_name", "Last name must be at least 1 characters");
    } else if last_name.chars().count() > NAME_MAX {
        errors.add("last_name", format!("Ensure this field has no more than {NAME_MAX} characters."));
    }
    let email = normalize_email(&input.email);
    if email.is_empty() {
        errors.add("email", "Please enter an email");
    } else if !is_valid_email(&email) {
        errors.add("email", "Invalid email address");
    }
    check_password(&mut errors, "password", &input.password);
    if input.confirm_password != input.password {
        errors.add("confirm_password", "Passwords do not match");
    }
    errors.into_result()?;
    Ok(Registration { first_name, last_name, email, ..input.clone() })
}

/// A code is exactly six digits.
pub fn is_well_formed_otp(code: &str) -> bool {
    code.len() == OTP_LENGTH && code.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn valid() -> Registration {
        Registration {
            first_name: " Ada ".into(),
            last_name: "Lovelace".into(),
            email: " Ada@Example.COM ".into(),
            password: "analytical".into(),
            confirm_password: "analytical".into(),
        }
    }

    #[test]
    fn emails() {
        for ok in ["a@b.co", "first.last+tag@sub.example.org"] {
            assert!(is_valid_email(ok), "{ok}");
        }
        for bad in ["", "a", "a@b", "a@b.", "@b.co", "a b@c.co", "a@@b.co", "a@.co"] {
            assert!(!is_valid_email(bad), "{bad}");
        }
    }

    #[test]
    fn a_valid_registration_is_cleaned() {
        let clean = validate_registration(&valid()).unwrap();
        assert_eq!(clean.first_name, "Ada");
        assert_eq!(clean.email, "ada@example.com");
    }

    #[test]
    fn every_message() {
        let err = validate_registration(&Registration {
            first_name: "  ".into(),
            last_name: String::new(),
            email: "nope".into(),
            password: "short".into(),
            confirm_password: "other".into(),
        })
        .unwrap_err();
        assert_eq!(err.first("first_name"), Some("First name must be at least 1 characters"));
        assert_eq!(err.first("last_name"), Some("Last name must be at least 1 characters"));
        assert_eq!(err.first("email"), Some("Invalid email address"));
        assert_eq!(err.first("password"), Some("Password must be at least 8 characters"));
        assert_eq!(err.first("confirm_password"), Some("Passwords do not match"));
        let err = validate_registration(&Registration { email: " ".into(), ..valid() }).unwrap_err();
        assert_eq!(err.first("email"), Some("Please enter an email"));
    }

    #[test]
    fn otp_shape() {
        assert!(is_well_formed_otp("012345"));
        assert!(!is_well_formed_otp("12345"));
        assert!(!is_well_formed_otp("12345a"));
        assert!(!is_well_formed_otp("１２３４５６"));
    }
}
