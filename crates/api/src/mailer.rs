//! The mails the product sends, branded with the tenant's name and colour. Each is stored
//! and queued in the caller's transaction (see `store::queries::mail::queue`).

use sea_orm::ConnectionTrait;
use store::queries::{mail as mail_q, tenants::TenantRecord};

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&#39;")
}

fn primary_colour(tenant: &TenantRecord) -> String {
    tenant.tenant.config["ui"]["theme"]["primary_main"]
        .as_str()
        .filter(|c| c.starts_with('#') && c.len() <= 9 && c[1..].chars().all(|ch| ch.is_ascii_hexdigit()))
        .unwrap_or("#BE185D")
        .to_string()
}

/// Wraps paragraphs in the tenant's simple branded layout.
fn html_layout(tenant: &TenantRecord, paragraphs: &[String], highlight: Option<&str>) -> String {
    let org = escape(&tenant.organization.name);
    let colour = primary_colour(tenant);
    let mut body = String::new();
    for paragraph in paragraphs {
        body.push_str(&format!("<p style=\"margin:0 0 16px\">{}</p>", escape(paragraph)));
    }
    if let Some(code) = highlight {
        body.push_str(&format!(
            "<p style=\"font-size:28px;letter-spacing:8px;font-weight:700;color:{colour};margin:8px 0 24px\">{}</p>",
            escape(code)
        ));
    }
    format!(
        "<!doctype html><html><body style=\"font-family:Inter,Arial,sans-serif;background:#f8fafc;padding:24px\">\
         <div style=\"max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:32px\">\
         <h1 style=\"font-size:20px;color:{colour};margin:0 0 24px\">{org}</h1>{body}\
         <p style=\"color:#64748b;font-size:12px;margin-top:32px\">You receive this mail because of your account at {org}.</p>\
         </div></body></html>"
    )
}

/// The sign-up (or resend) verification code.
pub async fn queue_otp(
    db: &impl ConnectionTrait,
    tenant: &TenantRecord,
    to: &str,
    first_name: &str,
    code: &str,
) -> Result<(), store::StoreError> {
    let org = &tenant.organization.name;
    let subject = format!("{code} is your {org} verification code");
    let greeting = format!("Hi {first_name},");
    let intro = format!("Use this code to verify your email address at {org}:");
    let expiry = format!(
        "The code expires in {} minutes. If you did not sign up, ignore this mail.",
        domain::accounts::OTP_TTL_MINUTES
    );
    let text_body = format!("{greeting}\n\n{intro}\n\n    {code}\n\n{expiry}\n");
    let html_body = html_layout(tenant, &[greeting, intro], Some(code)) + "";
    let html_body = html_body.replace("</div></body>", &format!("<p>{}</p></div></body>", escape(&expiry)));
    mail_q::queue(
        db,
        mail_q::NewEmail {
            tenant_id: Some(tenant.tenant.id),
            to,
            subject: &subject,
            text_body: &text_body,
            html_body: &html_body,
        },
    )
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn escapes_markup() {
        assert_eq!(escape("<b>\"Tom\" & 'Jerry'</b>"), "&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;");
    }
}
