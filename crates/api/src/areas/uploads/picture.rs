//! Profile pictures are decoded, turned upright, scaled down to a maximum side and
//! encoded again: what is stored is a clean JPEG or PNG without the camera's metadata.

use std::io::Cursor;

use image::{codecs::jpeg::JpegEncoder, DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits};

use super::sniff::FileType;

pub struct Processed {
    pub bytes: Vec<u8>,
    pub file_type: FileType,
    pub width: u32,
    pub height: u32,
}

/// Decodes `bytes` (of the sniffed `file_type`) and re-encodes it with its longest side at
/// most `max_side`. `None` when the image cannot be decoded (damaged, or too large once
/// decoded).
pub fn process(bytes: &[u8], file_type: FileType, max_side: u32) -> Option<Processed> {
    let format = match file_type {
        FileType::Jpeg => ImageFormat::Jpeg,
        FileType::Png => ImageFormat::Png,
        FileType::Gif => ImageFormat::Gif,
        FileType::Webp => ImageFormat::WebP,
        _ => return None,
    };
    let mut limits = Limits::default();
    // A small file can claim enormous dimensions (a decompression bomb).
    limits.max_image_width = Some(12_000);
    limits.max_image_height = Some(12_000);
    limits.max_alloc = Some(256 * 1024 * 1024);
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    reader.limits(limits);
    let mut decoder = reader.into_decoder().ok()?;
    let orientation = decoder.orientation().ok();
    let mut picture = DynamicImage::from_decoder(decoder).ok()?;
    if let Some(orientation) = orientation {
        picture.apply_orientation(orientation);
    }
    if picture.width() > max_side || picture.height() > max_side {
        picture = picture.resize(max_side, max_side, image::imageops::FilterType::Triangle);
    }
    let (width, height) = (picture.width(), picture.height());
    let mut out = Vec::new();
    let file_type = if picture.color().has_alpha() {
        picture.to_rgba8().write_to(&mut Cursor::new(&mut out), ImageFormat::Png).ok()?;
        FileType::Png
    } else {
        let rgb = picture.to_rgb8();
        JpegEncoder::new_with_quality(&mut out, 85).encode_image(&rgb).ok()?;
        FileType::Jpeg
    };
    Some(Processed { bytes: out, file_type, width, height })
}
