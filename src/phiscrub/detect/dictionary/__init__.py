"""Dictionary detection (see detector.py, patient.py)."""
