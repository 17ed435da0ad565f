//! Mail delivery. The default transport keeps mail in the database (shown on the dev
//! mailbox page); SMTP is used when `WAYPOINT_SMTP_URL` is set.

use std::time::Duration;

use async_trait::async_trait;
use lettre::{
    message::{header::ContentType, Mailbox, MultiPart, SinglePart},
    AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor,
};

/// A mail ready to leave.
#[derive(Debug, Clone)]
pub struct OutgoingMail {
    pub from: String,
    pub to: String,
    pub subject: String,
    pub text_body: String,
    pub html_body: String,
}

#[async_trait]
pub trait MailTransport: Send + Sync {
    /// True for the transport that keeps mail in the database (the dev mailbox shows it).
    fn is_outbox(&self) -> bool;
    async fn deliver(&self, mail: &OutgoingMail) -> anyhow::Result<()>;
}

/// Keeps mail in the `emails` table: delivering is recording that it left.
pub struct OutboxTransport;

#[async_trait]
impl MailTransport for OutboxTransport {
    fn is_outbox(&self) -> bool {
        true
    }

    async fn deliver(&self, mail: &OutgoingMail) -> anyhow::Result<()> {
        tracing::info!(subject = %mail.subject, "mail kept in the outbox (dev mailbox)");
        Ok(())
    }
}

/// Sends through an SMTP server, e.g. `smtps://user:password@smtp.example.org` or
/// `smtp://localhost:1025` (plain, for a local catcher).
pub struct SmtpTransport {
    inner: AsyncSmtpTransport<Tokio1Executor>,
}

impl SmtpTransport {
    pub fn from_url(url: &str, timeout: Duration) -> anyhow::Result<Self> {
        let inner = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)?.timeout(Some(timeout)).build();
        Ok(SmtpTransport { inner })
    }
}

#[async_trait]
impl MailTransport for SmtpTransport {
    fn is_outbox(&self) -> bool {
        false
    }

    async fn deliver(&self, mail: &OutgoingMail) -> anyhow::Result<()> {
        let message = Message::builder()
            .from(mail.from.parse::<Mailbox>()?)
            .to(mail.to.parse::<Mailbox>()?)
            .subject(&mail.subject)
            .multipart(
                MultiPart::alternative()
                    .singlepart(SinglePart::builder().header(ContentType::TEXT_PLAIN).body(mail.text_body.clone()))
                    .singlepart(SinglePart::builder().header(ContentType::TEXT_HTML).body(mail.html_body.clone())),
            )?;
        self.inner.send(message).await?;
        Ok(())
    }
}
