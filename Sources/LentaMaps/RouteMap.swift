import LentaCore

// Placeholder: route maps (Natural Earth outlines, the route, GeoJSON/GPX) are being written.
