//! The token-signing secret: from WAYPOINT_JWT_SECRET, else generated once and kept in the
//! data directory so that sessions survive restarts.

use std::{fs, io::Write, path::Path};

use anyhow::Context;

pub fn jwt_secret(data_dir: &Path) -> anyhow::Result<Vec<u8>> {
    if let Ok(secret) = std::env::var("WAYPOINT_JWT_SECRET") {
        if secret.len() < 32 {
            anyhow::bail!("WAYPOINT_JWT_SECRET must be at least 32 characters");
        }
        return Ok(secret.into_bytes());
    }
    let path = data_dir.join("jwt-secret");
    if let Ok(existing) = fs::read_to_string(&path) {
        let existing = existing.trim();
        if existing.len() >= 32 {
            return Ok(existing.as_bytes().to_vec());
        }
    }
    fs::create_dir_all(data_dir).with_context(|| format!("creating {}", data_dir.display()))?;
    let bytes: [u8; 32] = rand::random();
    let secret: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    let mut options = fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(&path).with_context(|| format!("writing {}", path.display()))?;
    file.write_all(secret.as_bytes())?;
    Ok(secret.into_bytes())
}
