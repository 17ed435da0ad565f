//! Reading an upload's multipart form into the typed form its handler runs on: the parts are
//! streamed with their limits ([`read_form`]), then each form takes its files and texts
//! ([`FromUploadForm`]). The same structs describe the forms in the OpenAPI document.

use std::collections::HashMap;

use axum::{
    body::Body,
    extract::{FromRequest, Multipart, Request},
    http::StatusCode,
};
use utoipa::ToSchema;

use super::{
    Purpose, MAX_DESCRIPTION_CHARS, MAX_TEXT_FIELDS, MAX_TEXT_FIELD_BYTES, MSG_FILE_MISSING, MSG_NOT_MULTIPART,
    MSG_ONE_FILE, MSG_UNREADABLE,
};
use crate::{
    areas::AppState,
    error::{ApiError, ApiResult},
};

/// A file part of the form, read whole (at most `upload_max_bytes`).
pub struct IncomingFile {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// A form's parts as they came: its files in order and its text fields by name.
pub struct UploadForm {
    pub files: Vec<IncomingFile>,
    pub fields: HashMap<String, String>,
}

impl UploadForm {
    /// A text field, trimmed; none when absent or blank.
    pub fn text(&self, name: &str) -> Option<&str> {
        self.fields.get(name).map(|v| v.trim()).filter(|v| !v.is_empty())
    }

    /// The one file of a single-file form, or the purpose's "missing" message on its field.
    fn the_file(&mut self, purpose: Purpose) -> ApiResult<IncomingFile> {
        self.files.pop().ok_or_else(|| ApiError::field(purpose.field(), purpose.missing()))
    }
}

/// A typed upload form, taken from the parts [`read_form`] read.
pub trait FromUploadForm: Sized {
    /// Files a form of this type holds at most.
    const MAX_FILES: usize;

    fn from_form(form: UploadForm, purpose: Purpose) -> ApiResult<Self>;
}

/// Reads the request's multipart form for `purpose` into `F`.
pub async fn read<F: FromUploadForm>(state: &AppState, request: Request, purpose: Purpose) -> ApiResult<F> {
    let form = read_form(state, request, purpose, F::MAX_FILES).await?;
    F::from_form(form, purpose)
}

/// Reads a multipart form, never holding more than `max_files` files of at most
/// `upload_max_bytes` each: a file that grows past the limit is refused as soon as it does.
async fn read_form(state: &AppState, request: Request, purpose: Purpose, max_files: usize) -> ApiResult<UploadForm> {
    let max = state.settings.upload_max_bytes;
    let total = max.saturating_mul(max_files).saturating_add(MAX_TEXT_FIELDS * MAX_TEXT_FIELD_BYTES + 64 * 1024);
    let (parts, body) = request.into_parts();
    let request = Request::from_parts(parts, Body::new(http_body_util::Limited::new(body, total)));
    let mut multipart = Multipart::from_request(request, &())
        .await
        .map_err(|_| ApiError::UnsupportedMediaType(MSG_NOT_MULTIPART.into()))?;
    let read_error = |err: axum::extract::multipart::MultipartError| {
        if err.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::PayloadTooLarge(purpose.too_large().into())
        } else {
            ApiError::BadRequest(MSG_UNREADABLE.into())
        }
    };
    let mut form = UploadForm { files: Vec::new(), fields: HashMap::new() };
    while let Some(mut field) = multipart.next_field().await.map_err(read_error)? {
        let name = field.name().unwrap_or("").to_string();
        match field.file_name().map(str::to_string) {
            Some(file_name) => {
                let mut bytes = Vec::new();
                while let Some(chunk) = field.chunk().await.map_err(read_error)? {
                    if bytes.len() + chunk.len() > max {
                        return Err(ApiError::PayloadTooLarge(purpose.too_large().into()));
                    }
                    bytes.extend_from_slice(&chunk);
                }
                // A form's empty file input sends a part with no name and no bytes.
                if file_name.is_empty() && bytes.is_empty() {
                    continue;
                }
                if form.files.len() == max_files {
                    let message = if max_files == 1 {
                        MSG_ONE_FILE.to_string()
                    } else {
                        format!("Please upload at most {max_files} files at a time")
                    };
                    return Err(ApiError::field(purpose.field(), message));
                }
                form.files.push(IncomingFile { name: file_name, bytes });
            }
            None => {
                if form.fields.len() == MAX_TEXT_FIELDS {
                    return Err(ApiError::BadRequest("Too many form fields.".into()));
                }
                let mut bytes = Vec::new();
                while let Some(chunk) = field.chunk().await.map_err(read_error)? {
                    if bytes.len() + chunk.len() > MAX_TEXT_FIELD_BYTES {
                        return Err(ApiError::field(&name, "This field is too long."));
                    }
                    bytes.extend_from_slice(&chunk);
                }
                let text = String::from_utf8(bytes).map_err(|_| ApiError::field(&name, "Invalid text."))?;
                form.fields.insert(name, text);
            }
        }
    }
    Ok(form)
}

/// The multipart form of `file-upload`.
#[derive(ToSchema)]
pub struct FileUploadForm {
    /// One or more files (at most 5, 10 MB each): PDF, JPEG, PNG, GIF, WebP, MP4, MOV,
    /// WebM, plain text, DOCX, XLSX or PPTX, checked by content.
    #[schema(value_type = Vec<String>, format = Binary)]
    pub files: Vec<IncomingFile>,
    /// A JSON list of descriptions, one per file in order (null or "" for none).
    #[schema(value_type = Option<String>)]
    pub descriptions: Vec<Option<String>>,
}

impl FromUploadForm for FileUploadForm {
    const MAX_FILES: usize = super::MAX_FILES_PER_CALL;

    fn from_form(form: UploadForm, _purpose: Purpose) -> ApiResult<Self> {
        if form.files.is_empty() {
            return Err(ApiError::field("files", MSG_FILE_MISSING));
        }
        let descriptions = parse_descriptions(form.text("descriptions"), form.files.len())?;
        Ok(FileUploadForm { files: form.files, descriptions })
    }
}

/// `descriptions`: a JSON list with one text (or null) per file, in order.
fn parse_descriptions(raw: Option<&str>, count: usize) -> ApiResult<Vec<Option<String>>> {
    let mut list: Vec<Option<String>> = match raw {
        None => Vec::new(),
        Some(raw) => serde_json::from_str(raw)
            .map_err(|_| ApiError::field("descriptions", "Descriptions must be a JSON list of texts, one per file."))?,
    };
    if list.len() > count {
        return Err(ApiError::field("descriptions", "There are more descriptions than files."));
    }
    list.resize(count, None);
    list.into_iter()
        .map(|text| {
            let text = text.map(|t| t.trim().to_string()).filter(|t| !t.is_empty());
            match text {
                Some(t) if t.chars().count() > MAX_DESCRIPTION_CHARS => Err(ApiError::field(
                    "descriptions",
                    format!("Ensure each description has no more than {MAX_DESCRIPTION_CHARS} characters."),
                )),
                other => Ok(other),
            }
        })
        .collect()
}

/// A single-file upload form (a profile picture, a video).
#[derive(ToSchema)]
pub struct SingleFileForm {
    /// The file (10 MB at most); the part's field name does not matter.
    #[schema(value_type = String, format = Binary)]
    pub file: IncomingFile,
}

impl FromUploadForm for SingleFileForm {
    const MAX_FILES: usize = 1;

    fn from_form(mut form: UploadForm, purpose: Purpose) -> ApiResult<Self> {
        Ok(SingleFileForm { file: form.the_file(purpose)? })
    }
}

/// The multipart form of `upload-resume`.
#[derive(ToSchema)]
pub struct ResumeForm {
    /// A PDF of at most 10 MB.
    #[schema(value_type = String, format = Binary)]
    pub file: IncomingFile,
    /// true to update the profile from the resume.
    #[schema(value_type = Option<bool>)]
    pub update_profile: bool,
    /// 'all' (default) or a JSON list of sections: experiences, education, title, country,
    /// languages, skills, topics, short_bio, career_story.
    #[schema(value_type = Option<String>)]
    pub fields_to_update: Option<Vec<String>>,
    /// Staff only: the user the resume belongs to.
    #[schema(value_type = Option<i64>)]
    pub user_id: Option<String>,
}

impl FromUploadForm for ResumeForm {
    const MAX_FILES: usize = 1;

    fn from_form(mut form: UploadForm, purpose: Purpose) -> ApiResult<Self> {
        let update_profile = match form.text("update_profile").map(str::to_ascii_lowercase).as_deref() {
            None | Some("false" | "0" | "no" | "off") => false,
            Some("true" | "1" | "yes" | "on") => true,
            Some(_) => return Err(ApiError::field("update_profile", "Must be a valid boolean.")),
        };
        let fields_to_update = match form.text("fields_to_update") {
            None => None,
            Some(raw) => domain::imports::sections_from_text(raw)
                .ok_or_else(|| ApiError::field("fields_to_update", domain::imports::sections_message()))?,
        };
        let user_id = form.text("user_id").map(str::to_string);
        let file = form.the_file(purpose)?;
        Ok(ResumeForm { file, update_profile, fields_to_update, user_id })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(files: usize, fields: &[(&str, &str)]) -> UploadForm {
        UploadForm {
            files: (0..files).map(|i| IncomingFile { name: format!("f{i}.pdf"), bytes: vec![1] }).collect(),
            fields: fields.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
        }
    }

    fn field_of(err: ApiError) -> Vec<String> {
        match err {
            ApiError::Validation(errors) => errors.0.keys().cloned().collect(),
            other => panic!("not a field error: {other:?}"),
        }
    }

    #[test]
    fn descriptions_follow_the_files() {
        assert_eq!(parse_descriptions(None, 2).unwrap(), vec![None, None]);
        assert_eq!(parse_descriptions(Some(r#"[" CV ", null]"#), 2).unwrap(), vec![Some("CV".into()), None]);
        assert!(parse_descriptions(Some(r#"["a","b"]"#), 1).is_err());
        assert!(parse_descriptions(Some("not json"), 1).is_err());
        assert!(parse_descriptions(Some("[1]"), 1).is_err());
        assert!(parse_descriptions(Some(r#"{"a": "b"}"#), 1).is_err());
    }

    #[test]
    fn a_file_upload_needs_a_file_and_takes_a_description_per_file() {
        assert_eq!(field_of(FileUploadForm::from_form(form(0, &[]), Purpose::File).err().unwrap()), ["files"]);
        let two = FileUploadForm::from_form(form(2, &[("descriptions", r#"["CV"]"#)]), Purpose::File).unwrap();
        assert_eq!(two.files.len(), 2);
        assert_eq!(two.descriptions, vec![Some("CV".to_string()), None]);
    }

    #[test]
    fn a_missing_single_file_is_reported_on_the_purposes_field() {
        let missing = |purpose| field_of(SingleFileForm::from_form(form(0, &[]), purpose).err().unwrap());
        assert_eq!(missing(Purpose::ProfilePicture), ["file"]);
        assert_eq!(missing(Purpose::GroupLogo), ["logo"]);
        assert_eq!(missing(Purpose::GroupCover), ["cover_image"]);
        assert_eq!(SingleFileForm::from_form(form(1, &[]), Purpose::Video).unwrap().file.name, "f0.pdf");
    }

    #[test]
    fn a_resume_form_reads_its_choices_as_types() {
        let all =
            ResumeForm::from_form(form(1, &[("update_profile", "Yes"), ("user_id", " 7 ")]), Purpose::Resume).unwrap();
        assert!(all.update_profile);
        assert_eq!(all.fields_to_update, None);
        assert_eq!(all.user_id.as_deref(), Some("7"));
        let plain = ResumeForm::from_form(form(1, &[]), Purpose::Resume).unwrap();
        assert!(!plain.update_profile);
        assert_eq!(plain.user_id, None);
        let bad = ResumeForm::from_form(form(1, &[("update_profile", "maybe")]), Purpose::Resume);
        assert_eq!(field_of(bad.err().unwrap()), ["update_profile"]);
        assert_eq!(field_of(ResumeForm::from_form(form(0, &[]), Purpose::Resume).err().unwrap()), ["file"]);
    }
}
