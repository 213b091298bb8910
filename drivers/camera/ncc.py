"""Normalised cross-correlation of a region with many fixed templates, by DFT, their spectra made once.

`cv2.matchTemplate(region, template, TM_CCOEFF_NORMED)` transforms both again on every call. A deck has 52
fixed corner indices, so their spectra are made when the deck is loaded, and each region seen is transformed
once for all the templates it is compared with: half the work per comparison. The scores are
TM_CCOEFF_NORMED's, to rounding.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

# A window (or template) whose deviation from its mean (root of the sum of squares, in ink units over some
# two thousand pixels) is this small has no pattern: rounding would decide its score, so it scores 0, as
# OpenCV's TM_CCOEFF_NORMED does for a blank window (a blank template scores 1 there).
FLAT_WINDOW = 1e-3


@dataclass(frozen=True)
class PreparedRegion:
    """A region transformed once, with the spread of each template-sized window in it."""

    region: np.ndarray
    spectrum: np.ndarray
    spread: np.ndarray  # (shifts_y, shifts_x): root of the sum of squared deviations of each window
    inverse_spread: np.ndarray  # 1 / spread, 0 for a flat window (which scores 0)


class TemplateBank:
    """Templates of one size (n, h, w), compared with regions of one shape at every shift that fits."""

    def __init__(self, templates: np.ndarray, region_shape: tuple[int, int]) -> None:
        _, height, width = templates.shape
        region_height, region_width = region_shape
        if region_height < height or region_width < width:
            raise ValueError(f"templates {height}x{width} do not fit in regions {region_height}x{region_width}")
        self.template_shape = (height, width)
        self.region_shape = region_shape
        self.shifts = (region_height - height + 1, region_width - width + 1)
        # At least the region's size, so that no valid shift wraps round; multiples of 16 transform fastest
        # (80 x 48 takes two thirds of the time of getOptimalDFTSize's 75 x 45 for a 75 x 42 region).
        self._dft_shape = (-(-region_height // 16) * 16, -(-region_width // 16) * 16)
        self._spectra = []
        norms = []
        for template in templates:
            # Zero-mean templates: correlating one with the raw region then equals correlating it with the
            # region less each window's own mean, so windows need no centring.
            centred = template.astype(np.float64) - template.mean(dtype=np.float64)
            norms.append(float(np.sqrt((centred ** 2).sum())))
            self._spectra.append(cv2.dft(self._padded(centred.astype(np.float32))))
        self._norms = norms

    def prepare(self, region: np.ndarray) -> PreparedRegion:
        if region.shape != self.region_shape:
            raise ValueError(f"region {region.shape} is not of the bank's shape {self.region_shape}")
        region = np.ascontiguousarray(region, dtype=np.float32)
        height, width = self.template_shape
        rows, cols = self.shifts
        sums, squares = cv2.integral2(region, sdepth=cv2.CV_64F, sqdepth=cv2.CV_64F)
        window_sum = _window_total(sums, height, width, rows, cols)
        window_squares = _window_total(squares, height, width, rows, cols)
        spread = np.sqrt(np.maximum(window_squares - window_sum ** 2 / (height * width), 0.0))
        flat = spread <= FLAT_WINDOW
        inverse_spread = np.where(flat, 0.0, 1.0 / np.where(flat, 1.0, spread)).astype(np.float32)
        return PreparedRegion(region, cv2.dft(self._padded(region)), spread, inverse_spread)

    def scores(self, prepared: PreparedRegion, index: int) -> np.ndarray:
        """TM_CCOEFF_NORMED of the region with template `index` at every shift: (shifts_y, shifts_x)."""
        if self._norms[index] <= FLAT_WINDOW:
            return np.ones(self.shifts, np.float32)  # OpenCV's answer for a blank template
        denominator = prepared.spread * self._norms[index]
        flat = denominator <= FLAT_WINDOW
        ratio = self._correlation(prepared, index) / np.where(flat, 1.0, denominator)
        # As in OpenCV: rounding may carry a perfect match a little past 1; far past it is a flat window.
        ratio = np.where(flat | (np.abs(ratio) >= 1.125), 0.0, np.clip(ratio, -1.0, 1.0))
        return ratio.astype(np.float32)

    def best(self, prepared: PreparedRegion, index: int) -> tuple[float, np.ndarray]:
        """Template `index`'s best score within the region, and the region's patch at that shift."""
        norm = self._norms[index]
        scores = self._correlation(prepared, index) * (prepared.inverse_spread * (1.0 / max(norm, FLAT_WINDOW)))
        _, score, _, (x, y) = cv2.minMaxLoc(scores)
        if norm <= FLAT_WINDOW or score > 1.0 + 1e-3:  # a window nearly flat but not quite: as OpenCV does
            _, score, _, (x, y) = cv2.minMaxLoc(self.scores(prepared, index))
        height, width = self.template_shape
        return min(float(score), 1.0), prepared.region[y:y + height, x:x + width]

    def _correlation(self, prepared: PreparedRegion, index: int) -> np.ndarray:
        rows, cols = self.shifts
        product = cv2.mulSpectrums(prepared.spectrum, self._spectra[index], 0, conjB=True)
        return cv2.idft(product, flags=cv2.DFT_REAL_OUTPUT | cv2.DFT_SCALE)[:rows, :cols]

    def _padded(self, image: np.ndarray) -> np.ndarray:
        padded = np.zeros(self._dft_shape, np.float32)
        padded[:image.shape[0], :image.shape[1]] = image
        return padded


def _window_total(integral: np.ndarray, height: int, width: int, rows: int, cols: int) -> np.ndarray:
    """The sum over each height x width window at every shift, from an integral image."""
    return (integral[height:height + rows, width:width + cols] - integral[:rows, width:width + cols]
            - integral[height:height + rows, :cols] + integral[:rows, :cols])
