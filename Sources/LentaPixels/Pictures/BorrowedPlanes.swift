import LentaCore

/// A decoded 8-bit Y'CbCr picture's three planes as the decoder left them (its own coding, its
/// own chroma subsampling, rows `stride` bytes apart), lent for one call: what a reducer of the
/// caller's own (`PhotoDecoder.PlaneReducer`) reads instead of libswscale.
package struct BorrowedPlanes {
    package struct Plane {
        package let base: UnsafePointer<UInt8>
        package let width: Int
        package let height: Int
        package let stride: Int
        /// Bytes that may be read from `base` (to the end of the decoder's buffer, whose padding
        /// vector loads past the last row may use).
        package let readable: Int

        package init(base: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int, readable: Int) {
            self.base = base
            self.width = width
            self.height = height
            self.stride = stride
            self.readable = readable
        }
    }

    package let y: Plane
    package let cb: Plane
    package let cr: Plane
    package let matrix: ColourDescription.Matrix
    package let fullRange: Bool

    package init(y: Plane, cb: Plane, cr: Plane, matrix: ColourDescription.Matrix, fullRange: Bool) {
        self.y = y
        self.cb = cb
        self.cr = cr
        self.matrix = matrix
        self.fullRange = fullRange
    }
}
