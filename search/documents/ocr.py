"""OCR of a rendered page with the ``tesseract`` binary (Debian's ``tesseract-ocr``).

A subprocess, not a Python binding: the page goes in on stdin as a PGM image, text
comes out on stdout, so no extra package is needed and a crash stays in the child."""

from __future__ import annotations

import shutil
import subprocess

import numpy as np

OCR_HINT = "install Tesseract to read it with OCR (Debian/Ubuntu: apt-get install tesseract-ocr)"
OCR_TIMEOUT_S = 120


def ocr_available() -> bool:
    return shutil.which("tesseract") is not None


def ocr_page(gray: np.ndarray) -> str:
    """Text of a grayscale page image (a 2-D uint8 array, or H x W x 1)."""
    image = np.ascontiguousarray(gray.reshape(gray.shape[0], gray.shape[1]), dtype=np.uint8)
    pgm = f"P5\n{image.shape[1]} {image.shape[0]}\n255\n".encode() + image.tobytes()
    done = subprocess.run(
        ["tesseract", "stdin", "stdout", "--dpi", "300"],
        input=pgm,
        capture_output=True,
        timeout=OCR_TIMEOUT_S,
        check=False,
    )
    return done.stdout.decode("utf-8", errors="replace") if done.returncode == 0 else ""
