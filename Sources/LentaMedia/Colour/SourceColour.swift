import CFFmpeg
import CHeif
import LentaCore

/// Each source's colour description, read from its headers: a video stream's `color_*` fields
/// and pixel format, a HEIF image's `nclx` box or ICC profile, a JPEG's or WebP's ICC profile.
/// What cannot be honoured comes back as one warning line, and the fallback stands in for it.
enum SourceColour {
    /// A video stream's description. Unspecified fields take what players assume: BT.709 from
    /// 720 lines up, BT.601 below; limited range unless the pixel format is a full-range one.
    static func video(_ par: AVCodecParameters) -> (ColourDescription, warning: String?) {
        let format = AVPixelFormat(rawValue: par.format)
        // Before the stream is opened the pixel format may be unknown: the raw sample size or
        // the profile (HEVC Main 10, H.264 High 10) then says the depth.
        let depth = av_pix_fmt_desc_get(format).map { Int($0.pointee.comp.0.depth) }
            ?? (par.bits_per_raw_sample > 8 ? Int(par.bits_per_raw_sample) : nil)
            ?? ((par.codec_id == AV_CODEC_ID_HEVC && par.profile == 2) || (par.codec_id == AV_CODEC_ID_H264 && par.profile == 110) ? 10 : nil)
            ?? (par.color_trc == AVCOL_TRC_SMPTE2084 || par.color_trc == AVCOL_TRC_ARIB_STD_B67 ? 10 : 8)
        let fullFormats = [AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_YUVJ422P, AV_PIX_FMT_YUVJ444P, AV_PIX_FMT_YUVJ440P]
        let fullRange = par.color_range == AVCOL_RANGE_JPEG || (par.color_range == AVCOL_RANGE_UNSPECIFIED && fullFormats.contains(format))
        var defaults = ColourDescription.bt709
        if par.height > 0, par.height < 720 { defaults.matrix = .bt601 }
        let (d, unsupported) = ColourCodePoints.description(
            matrix: Int(par.color_space.rawValue), primaries: Int(par.color_primaries.rawValue),
            transfer: Int(par.color_trc.rawValue), fullRange: fullRange, bitDepth: min(max(depth, 8), 16), defaults: defaults)
        return (d, warning(unsupported, fallback: d))
    }

    /// A HEIF image's description: its `nclx` box, else its ICC profile, else sRGB.
    static func heif(_ handle: OpaquePointer) -> (ColourDescription, warning: String?) {
        let depth = Int(heif_image_handle_get_luma_bits_per_pixel(handle))
        var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
        var description = ColourDescription.sRGB
        var problem: String?
        if heif_image_handle_get_nclx_color_profile(handle, &nclx).code == heif_error_Ok, let box = nclx {
            defer { heif_nclx_color_profile_free(box) }
            let p = box.pointee
            let (d, unsupported) = ColourCodePoints.description(
                matrix: Int(p.matrix_coefficients.rawValue), primaries: Int(p.color_primaries.rawValue),
                transfer: Int(p.transfer_characteristics.rawValue), fullRange: p.full_range_flag != 0,
                bitDepth: 8, defaults: .sRGB)
            description = d
            if let w = warning(unsupported, fallback: d) { problem = w }
        } else {
            let size = heif_image_handle_get_raw_color_profile_size(handle)
            if size > 0, size < 4 << 20 {
                var bytes = [UInt8](repeating: 0, count: size)
                let status = bytes.withUnsafeMutableBytes { heif_image_handle_get_raw_color_profile(handle, $0.baseAddress) }
                if status.code == heif_error_Ok {
                    let (d, w) = icc(bytes)
                    description = d
                    problem = w
                }
            }
        }
        description.bitDepth = depth > 8 ? depth : 8
        return (description, problem)
    }

    /// A still picture's ICC profile (nil: none, so sRGB).
    static func icc(_ bytes: [UInt8]?) -> (ColourDescription, warning: String?) {
        guard let bytes else { return (.sRGB, nil) }
        switch ICCProfile.description(bytes) {
        case .success(let d): return (d, nil)
        case .failure(let problem): return (.sRGB, "colour: \(problem); shown as sRGB")
        }
    }

    /// One line naming what is not converted and what stands in for it.
    static func warning(_ unsupported: [ColourCodePoints.Unsupported], fallback: ColourDescription) -> String? {
        guard !unsupported.isEmpty else { return nil }
        let list = unsupported.map { "\($0.what) \($0.code)" }.joined(separator: ", ")
        return "colour: lenta cannot convert H.273 \(list); shown as \(fallback.summary)"
    }
}
