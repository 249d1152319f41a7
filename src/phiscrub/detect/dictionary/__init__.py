"""Dictionary detection: gazetteers matched over tokens, names found from context, and the
two-pass patient dictionary of Dehghan et al. (2015)."""

from phiscrub.detect.dictionary.detector import DictionaryDetector
from phiscrub.detect.dictionary.patient import PatientDictionary, build_patient_dictionary

__all__ = ["DictionaryDetector", "PatientDictionary", "build_patient_dictionary"]
