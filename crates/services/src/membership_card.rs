//! The membership card (spec 002 §2 "Membership card"): a PNG drawn on the server with the
//! member's name and picture, their tier, when they joined, and the site's name and theme
//! colours. Text is set in Inter (SIL Open Font License 1.1, `assets/fonts/OFL.txt`; the
//! Latin subset the web app ships, instanced at weights 400 and 700) with `ab_glyph`; the
//! image is built and encoded with `image`. Pure: no I/O, so it is tested as it is.

use ab_glyph::{point, Font, FontRef, GlyphId, PxScale, ScaleFont};
use image::{imageops::FilterType, Rgba, RgbaImage};

pub(crate) static REGULAR: &[u8] = include_bytes!("../assets/fonts/Inter-Regular.ttf");
pub(crate) static BOLD: &[u8] = include_bytes!("../assets/fonts/Inter-Bold.ttf");

/// A card's size: the ID-1 (credit card) ratio at about 300 dpi.
pub const WIDTH: u32 = 1012;
pub const HEIGHT: u32 = 638;
const PICTURE: u32 = 200;
const MARGIN: f32 = 56.0;

/// What a card shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardFacts {
    pub site_name: String,
    pub member_name: String,
    /// The plan in force (e.g. "Premium").
    pub tier: Option<String>,
    /// "Member since March 2025".
    pub member_since: Option<String>,
    /// The card's number, e.g. "No. 0001-000042".
    pub number: String,
    /// The site's theme colours, `#RRGGBB` (the default primary when unreadable).
    pub primary: String,
    pub secondary: String,
}

#[derive(Debug, thiserror::Error)]
pub enum CardError {
    #[error("the card could not be drawn: {0}")]
    Draw(String),
}

/// `#RRGGBB` (or `#RGB`) as RGB; `None` when unreadable.
pub fn parse_colour(text: &str) -> Option<[u8; 3]> {
    let hex = text.trim().strip_prefix('#')?;
    let hex: String = match hex.len() {
        3 => hex.chars().flat_map(|c| [c, c]).collect(),
        6 => hex.to_string(),
        _ => return None,
    };
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    Some([byte(0)?, byte(2)?, byte(4)?])
}

fn shade(colour: [u8; 3], factor: f32) -> [u8; 3] {
    colour.map(|c| (f32::from(c) * factor).clamp(0.0, 255.0) as u8)
}

fn blend(image: &mut RgbaImage, x: i32, y: i32, colour: [u8; 3], alpha: f32) {
    if x < 0 || y < 0 || x >= image.width() as i32 || y >= image.height() as i32 || alpha <= 0.0 {
        return;
    }
    let pixel = image.get_pixel_mut(x as u32, y as u32);
    let a = alpha.min(1.0);
    for (channel, target) in pixel.0.iter_mut().take(3).zip(colour) {
        *channel = (f32::from(*channel) * (1.0 - a) + f32::from(target) * a).round() as u8;
    }
    pixel.0[3] = 255;
}

fn fill_rect(image: &mut RgbaImage, x: u32, y: u32, w: u32, h: u32, colour: [u8; 3]) {
    for py in y..(y + h).min(image.height()) {
        for px in x..(x + w).min(image.width()) {
            image.put_pixel(px, py, Rgba([colour[0], colour[1], colour[2], 255]));
        }
    }
}

/// The width of `text` in pixels at `size`.
fn text_width(font: &FontRef<'_>, size: f32, text: &str) -> f32 {
    let scaled = font.as_scaled(PxScale::from(size));
    let mut width = 0.0;
    let mut last: Option<GlyphId> = None;
    for ch in text.chars() {
        let id = scaled.glyph_id(ch);
        if let Some(prev) = last {
            width += scaled.kern(prev, id);
        }
        width += scaled.h_advance(id);
        last = Some(id);
    }
    width
}

/// `text` cut with an ellipsis to fit `max` pixels.
fn fit(font: &FontRef<'_>, size: f32, text: &str, max: f32) -> String {
    if text_width(font, size, text) <= max {
        return text.to_string();
    }
    let mut chars: Vec<char> = text.chars().collect();
    while !chars.is_empty() {
        chars.pop();
        let candidate: String = chars.iter().collect::<String>().trim_end().to_string() + "…";
        if text_width(font, size, &candidate) <= max {
            return candidate;
        }
    }
    String::new()
}

/// Draws `text` with its baseline at `y`, starting at `x`.
fn draw_text(image: &mut RgbaImage, font: &FontRef<'_>, size: f32, x: f32, y: f32, text: &str, colour: [u8; 3]) {
    let scaled = font.as_scaled(PxScale::from(size));
    let mut caret = x;
    let mut last: Option<GlyphId> = None;
    for ch in text.chars() {
        let id = scaled.glyph_id(ch);
        if let Some(prev) = last {
            caret += scaled.kern(prev, id);
        }
        let glyph = id.with_scale_and_position(PxScale::from(size), point(caret, y));
        caret += scaled.h_advance(id);
        last = Some(id);
        if let Some(outlined) = font.outline_glyph(glyph) {
            let bounds = outlined.px_bounds();
            outlined.draw(|gx, gy, coverage| {
                blend(image, bounds.min.x as i32 + gx as i32, bounds.min.y as i32 + gy as i32, colour, coverage);
            });
        }
    }
}

/// The member's initials (at most two), for a card without a picture.
pub fn initials(name: &str) -> String {
    name.split_whitespace().filter_map(|word| word.chars().next()).take(2).flat_map(char::to_uppercase).collect()
}

/// Draws the picture (or the initials) into a circle at (`x`, `y`).
fn draw_avatar(
    image: &mut RgbaImage,
    x: u32,
    y: u32,
    picture: Option<RgbaImage>,
    fallback: [u8; 3],
    bold: &FontRef<'_>,
    letters: &str,
) {
    let radius = PICTURE as f32 / 2.0;
    for py in 0..PICTURE {
        for px in 0..PICTURE {
            let (dx, dy) = (px as f32 + 0.5 - radius, py as f32 + 0.5 - radius);
            // Anti-aliased edge: coverage falls from 1 to 0 over the last pixel.
            let coverage = (radius - (dx * dx + dy * dy).sqrt()).clamp(0.0, 1.0);
            if coverage <= 0.0 {
                continue;
            }
            let colour = match &picture {
                Some(p) => {
                    let Rgba([r, g, b, a]) = *p.get_pixel(px, py);
                    let a = f32::from(a) / 255.0;
                    [r, g, b].map(|c| (f32::from(c) * a + 255.0 * (1.0 - a)) as u8)
                }
                None => fallback,
            };
            blend(image, (x + px) as i32, (y + py) as i32, colour, coverage);
        }
    }
    if picture.is_none() && !letters.is_empty() {
        let size = 84.0;
        let width = text_width(bold, size, letters);
        let baseline = y as f32 + radius + size * 0.36;
        draw_text(image, bold, size, x as f32 + radius - width / 2.0, baseline, letters, [255, 255, 255]);
    }
}

/// Draws the card as a PNG. `picture` is the member's profile picture as stored (any format
/// `image` reads); one that cannot be read is replaced by the initials.
pub fn render(facts: &CardFacts, picture: Option<&[u8]>) -> Result<Vec<u8>, CardError> {
    let regular = FontRef::try_from_slice(REGULAR).map_err(|e| CardError::Draw(e.to_string()))?;
    let bold = FontRef::try_from_slice(BOLD).map_err(|e| CardError::Draw(e.to_string()))?;
    let primary = parse_colour(&facts.primary).unwrap_or([0xBE, 0x18, 0x5D]);
    let secondary = parse_colour(&facts.secondary).unwrap_or_else(|| shade(primary, 0.7));
    let white = [255, 255, 255];
    let soft = [0xF3, 0xF4, 0xF6];

    let mut card = RgbaImage::from_pixel(WIDTH, HEIGHT, Rgba([primary[0], primary[1], primary[2], 255]));
    // A darker band along the bottom for the card's number.
    fill_rect(&mut card, 0, HEIGHT - 120, WIDTH, 120, shade(primary, 0.72));
    // An accent stripe in the secondary colour.
    fill_rect(&mut card, 0, HEIGHT - 128, WIDTH, 8, secondary);

    let top = fit(&bold, 40.0, &facts.site_name, WIDTH as f32 - 2.0 * MARGIN - 320.0);
    draw_text(&mut card, &bold, 40.0, MARGIN, 92.0, &top, white);
    let label = "MEMBERSHIP CARD";
    let label_width = text_width(&regular, 24.0, label);
    draw_text(&mut card, &regular, 24.0, WIDTH as f32 - MARGIN - label_width, 88.0, label, soft);

    let picture = picture
        .and_then(|bytes| image::load_from_memory(bytes).ok())
        .map(|p| p.resize_to_fill(PICTURE, PICTURE, FilterType::Triangle).to_rgba8());
    draw_avatar(&mut card, MARGIN as u32, 160, picture, shade(primary, 0.6), &bold, &initials(&facts.member_name));

    let text_x = MARGIN + PICTURE as f32 + 40.0;
    let room = WIDTH as f32 - text_x - MARGIN;
    let name = fit(&bold, 52.0, &facts.member_name, room);
    draw_text(&mut card, &bold, 52.0, text_x, 228.0, &name, white);
    if let Some(tier) = &facts.tier {
        let tier = fit(&regular, 32.0, &format!("{tier} member"), room);
        draw_text(&mut card, &regular, 32.0, text_x, 284.0, &tier, soft);
    }
    if let Some(since) = &facts.member_since {
        let since = fit(&regular, 28.0, since, room);
        draw_text(&mut card, &regular, 28.0, text_x, 334.0, &since, soft);
    }
    draw_text(&mut card, &regular, 30.0, MARGIN, HEIGHT as f32 - 48.0, &facts.number, white);

    let mut png = Vec::new();
    image::DynamicImage::ImageRgba8(card)
        .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .map_err(|e| CardError::Draw(e.to_string()))?;
    Ok(png)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts() -> CardFacts {
        CardFacts {
            site_name: "Waypoint Demo".into(),
            member_name: "Ada Lovelace".into(),
            tier: Some("Premium".into()),
            member_since: Some("Member since March 2025".into()),
            number: "No. 0001-000042".into(),
            primary: "#BE185D".into(),
            secondary: "#1D4ED8".into(),
        }
    }

    #[test]
    fn the_card_is_a_png_of_the_card_size_in_the_sites_colours() {
        let png = render(&facts(), None).unwrap();
        let image = image::load_from_memory(&png).unwrap().to_rgba8();
        assert_eq!((image.width(), image.height()), (WIDTH, HEIGHT));
        assert_eq!(image.get_pixel(WIDTH - 5, 140).0, [0xBE, 0x18, 0x5D, 255], "the primary colour");
        // The name is drawn: white pixels where it stands.
        let white = (296..700).any(|x| (190..230).any(|y| image.get_pixel(x, y).0 == [255, 255, 255, 255]));
        assert!(white);
    }

    #[test]
    fn a_picture_is_drawn_and_an_unreadable_one_gives_the_initials() {
        let mut picture = Vec::new();
        let green = RgbaImage::from_pixel(40, 40, Rgba([0, 200, 0, 255]));
        image::DynamicImage::ImageRgba8(green)
            .write_to(&mut std::io::Cursor::new(&mut picture), image::ImageFormat::Png)
            .unwrap();
        let png = render(&facts(), Some(&picture)).unwrap();
        let image = image::load_from_memory(&png).unwrap().to_rgba8();
        assert_eq!(image.get_pixel(56 + 100, 160 + 100).0, [0, 200, 0, 255], "the picture fills the circle");
        let broken = render(&facts(), Some(b"not an image")).unwrap();
        assert!(image::load_from_memory(&broken).is_ok());
    }

    #[test]
    fn colours_names_and_long_text() {
        assert_eq!(parse_colour("#be185d"), Some([0xBE, 0x18, 0x5D]));
        assert_eq!(parse_colour("#fff"), Some([255, 255, 255]));
        assert_eq!(parse_colour("red"), None);
        assert_eq!(initials("ada king lovelace"), "AK");
        assert_eq!(initials(""), "");
        let font = FontRef::try_from_slice(BOLD).unwrap();
        let cut = fit(&font, 52.0, &"Very long name ".repeat(20), 400.0);
        assert!(cut.ends_with('…') && text_width(&font, 52.0, &cut) <= 400.0);
    }
}
