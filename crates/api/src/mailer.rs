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

/// What one branded mail says: paragraphs, then optionally a code in large type and a
/// button link, then a closing note.
struct Message<'a> {
    to: &'a str,
    subject: String,
    paragraphs: Vec<String>,
    code: Option<&'a str>,
    link: Option<(&'a str, &'a str)>,
    note: String,
}

fn html_body(tenant: &TenantRecord, message: &Message<'_>) -> String {
    let org = escape(&tenant.organization.name);
    let colour = primary_colour(tenant);
    let mut body = String::new();
    for paragraph in &message.paragraphs {
        body.push_str(&format!("<p style=\"margin:0 0 16px\">{}</p>", escape(paragraph)));
    }
    if let Some(code) = message.code {
        body.push_str(&format!(
            "<p style=\"font-size:28px;letter-spacing:8px;font-weight:700;color:{colour};margin:8px 0 24px\">{}</p>",
            escape(code)
        ));
    }
    if let Some((label, url)) = message.link {
        body.push_str(&format!(
            "<p style=\"margin:8px 0 24px\"><a href=\"{href}\" style=\"background:{colour};color:#fff;\
             padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600\">{label}</a></p>\
             <p style=\"color:#64748b;font-size:12px;word-break:break-all\">{href}</p>",
            href = escape(url),
            label = escape(label),
        ));
    }
    body.push_str(&format!("<p style=\"margin:0 0 16px\">{}</p>", escape(&message.note)));
    format!(
        "<!doctype html><html><body style=\"font-family:Inter,Arial,sans-serif;background:#f8fafc;padding:24px\">\
         <div style=\"max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:32px\">\
         <h1 style=\"font-size:20px;color:{colour};margin:0 0 24px\">{org}</h1>{body}\
         <p style=\"color:#64748b;font-size:12px;margin-top:32px\">You receive this mail because of your account at {org}.</p>\
         </div></body></html>"
    )
}

fn text_body(message: &Message<'_>) -> String {
    let mut text = message.paragraphs.join("\n\n");
    if let Some(code) = message.code {
        text.push_str(&format!("\n\n    {code}"));
    }
    if let Some((label, url)) = message.link {
        text.push_str(&format!("\n\n{label}: {url}"));
    }
    text.push_str(&format!("\n\n{}\n", message.note));
    text
}

async fn queue(
    db: &impl ConnectionTrait,
    tenant: &TenantRecord,
    message: Message<'_>,
) -> Result<(), store::StoreError> {
    mail_q::queue(
        db,
        mail_q::NewEmail {
            tenant_id: Some(tenant.tenant.id),
            to: message.to,
            subject: &message.subject,
            text_body: &text_body(&message),
            html_body: &html_body(tenant, &message),
        },
    )
    .await?;
    Ok(())
}

/// The sign-up (or resend) verification code, with a link that verifies in one click.
pub async fn queue_otp(
    db: &impl ConnectionTrait,
    tenant: &TenantRecord,
    to: &str,
    first_name: &str,
    code: &str,
    verify_url: Option<&str>,
) -> Result<(), store::StoreError> {
    let org = &tenant.organization.name;
    let message = Message {
        to,
        subject: format!("{code} is your {org} verification code"),
        paragraphs: vec![format!("Hi {first_name},"), format!("Use this code to verify your email address at {org}:")],
        code: Some(code),
        link: verify_url.map(|url| ("Or verify with one click", url)),
        note: format!(
            "The code expires in {} minutes. If you did not sign up, ignore this mail.",
            domain::accounts::OTP_TTL_MINUTES
        ),
    };
    queue(db, tenant, message).await
}

/// The code that confirms an alternate email address (sent to that address).
pub async fn queue_alternate_email_otp(
    db: &impl ConnectionTrait,
    tenant: &TenantRecord,
    to: &str,
    first_name: &str,
    code: &str,
) -> Result<(), store::StoreError> {
    let org = &tenant.organization.name;
    let message = Message {
        to,
        subject: format!("{code} confirms your alternate email at {org}"),
        paragraphs: vec![
            format!("Hi {first_name},"),
            format!("Use this code to confirm {to} as the alternate email of your {org} account:"),
        ],
        code: Some(code),
        link: None,
        note: format!(
            "The code expires in {} minutes. If you did not ask for this, ignore this mail.",
            domain::accounts::OTP_TTL_MINUTES
        ),
    };
    queue(db, tenant, message).await
}

/// The password-reset link.
pub async fn queue_password_reset(
    db: &impl ConnectionTrait,
    tenant: &TenantRecord,
    to: &str,
    first_name: &str,
    reset_url: &str,
    valid_minutes: i64,
) -> Result<(), store::StoreError> {
    let org = &tenant.organization.name;
    let message = Message {
        to,
        subject: format!("Reset your {org} password"),
        paragraphs: vec![
            format!("Hi {first_name},"),
            format!("Someone asked to reset the password of your {org} account. Choose a new password here:"),
        ],
        code: None,
        link: Some(("Choose a new password", reset_url)),
        note: format!(
            "The link works once and expires in {valid_minutes} minutes. If you did not ask for it, ignore this mail: \
             your password stays as it is."
        ),
    };
    queue(db, tenant, message).await
}

/// A notice about a group membership (accepted, rejected, removed, invited, a seat freed):
/// a greeting, the paragraphs, and optionally a button link.
pub async fn queue_notice(
    db: &impl ConnectionTrait,
    tenant: &TenantRecord,
    to: &str,
    first_name: &str,
    subject: &str,
    paragraphs: Vec<String>,
    link: Option<(&str, &str)>,
) -> Result<(), store::StoreError> {
    let mut all = Vec::with_capacity(paragraphs.len() + 1);
    if !first_name.trim().is_empty() {
        all.push(format!("Hi {},", first_name.trim()));
    }
    all.extend(paragraphs);
    let message = Message {
        to,
        subject: subject.to_string(),
        paragraphs: all,
        code: None,
        link,
        note: format!("The {} team", tenant.organization.name),
    };
    queue(db, tenant, message).await
}

/// A newsletter's mail, before its recipients are known: the unsubscribe link is
/// `services::newsletter::UNSUBSCRIBE_PLACEHOLDER`, replaced per recipient.
pub struct NewsletterMail {
    pub subject: String,
    pub html: String,
    pub text: String,
}

/// A newsletter of a group: its title, its (sanitised) content, a link to the post, and
/// the unsubscribe link.
pub fn newsletter(
    tenant: &TenantRecord,
    group_name: &str,
    title: &str,
    content_html: &str,
    post_url: &str,
) -> NewsletterMail {
    let org = escape(&tenant.organization.name);
    let colour = primary_colour(tenant);
    let unsubscribe = services::newsletter::UNSUBSCRIBE_PLACEHOLDER;
    let html = format!(
        "<!doctype html><html><body style=\"font-family:Inter,Arial,sans-serif;background:#f8fafc;padding:24px\">\
         <div style=\"max-width:600px;margin:auto;background:#fff;border-radius:12px;padding:32px\">\
         <h1 style=\"font-size:20px;color:{colour};margin:0 0 8px\">{org}</h1>\
         <p style=\"color:#64748b;margin:0 0 24px\">Newsletter of {group}</p>\
         <h2 style=\"font-size:18px;margin:0 0 16px\">{title}</h2>{content}\
         <p style=\"margin:24px 0\"><a href=\"{post}\" style=\"background:{colour};color:#fff;padding:12px 20px;\
         border-radius:8px;text-decoration:none;font-weight:600\">Read it on {org}</a></p>\
         <p style=\"color:#64748b;font-size:12px;margin-top:32px\">You receive this newsletter as a member of {group}. \
         <a href=\"{unsubscribe}\">Unsubscribe</a></p></div></body></html>",
        group = escape(group_name),
        title = escape(title),
        content = content_html,
        post = escape(post_url),
    );
    let text = format!(
        "{title}\n\nNewsletter of {group_name}\n\n{}\n\nRead it on {}: {post_url}\n\nUnsubscribe: {unsubscribe}\n",
        domain::rich_text::plain_text(content_html),
        tenant.organization.name,
    );
    NewsletterMail { subject: format!("{group_name}: {title}"), html, text }
}

/// One section of a recommendation package mail: a heading and its links (label, address).
pub struct PackageSection {
    pub heading: &'static str,
    pub links: Vec<(String, String)>,
}

/// A staff member's hand-picked recommendations (spec 002 §2 "Staff recommendation package"):
/// their subject, body and footer (plain text), and a section per kind of item.
pub async fn queue_recommendation_package(
    db: &impl ConnectionTrait,
    tenant: &TenantRecord,
    to: &str,
    subject: &str,
    body: &str,
    footer: &str,
    sections: &[PackageSection],
) -> Result<(), store::StoreError> {
    let org = escape(&tenant.organization.name);
    let colour = primary_colour(tenant);
    let paragraphs = |text: &str| -> String {
        text.split("\n\n")
            .filter(|p| !p.trim().is_empty())
            .map(|p| format!("<p style=\"margin:0 0 16px\">{}</p>", escape(p.trim()).replace('\n', "<br>")))
            .collect()
    };
    let mut html = paragraphs(body);
    let mut text = format!("{}\n", body.trim());
    for section in sections.iter().filter(|s| !s.links.is_empty()) {
        html.push_str(&format!(
            "<h2 style=\"font-size:16px;color:{colour};margin:24px 0 8px\">{}</h2><ul>",
            section.heading
        ));
        text.push_str(&format!("\n{}\n", section.heading));
        for (label, url) in &section.links {
            html.push_str(&format!(
                "<li style=\"margin:0 0 8px\"><a href=\"{}\">{}</a></li>",
                escape(url),
                escape(label)
            ));
            text.push_str(&format!("- {label}: {url}\n"));
        }
        html.push_str("</ul>");
    }
    if !footer.trim().is_empty() {
        html.push_str(&format!("<div style=\"color:#64748b;margin-top:24px\">{}</div>", paragraphs(footer)));
        text.push_str(&format!("\n{}\n", footer.trim()));
    }
    let html = format!(
        "<!doctype html><html><body style=\"font-family:Inter,Arial,sans-serif;background:#f8fafc;padding:24px\">\
         <div style=\"max-width:560px;margin:auto;background:#fff;border-radius:12px;padding:32px\">\
         <h1 style=\"font-size:20px;color:{colour};margin:0 0 24px\">{org}</h1>{html}\
         <p style=\"color:#64748b;font-size:12px;margin-top:32px\">You receive this mail because of your account at {org}.</p>\
         </div></body></html>"
    );
    mail_q::queue(
        db,
        mail_q::NewEmail { tenant_id: Some(tenant.tenant.id), to, subject, text_body: &text, html_body: &html },
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
