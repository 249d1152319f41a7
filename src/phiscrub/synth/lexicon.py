"""Ordinary clinical vocabulary for synthetic notes, chosen to hold PHI look-alikes.

Eponyms (Parkinson's disease, Foley, Apgar), capitalised brand names, doses, blood pressures,
lab values, times and scores look like names, dates or IDs and are not PHI; a detector trained
or tested on these notes must learn to leave them alone.
"""

from __future__ import annotations

import random

DRUGS = (
    ("metoprolol", ("12.5 mg", "25 mg", "50 mg")),
    ("lisinopril", ("5 mg", "10 mg", "20 mg")),
    ("atorvastatin", ("20 mg", "40 mg", "80 mg")),
    ("metformin", ("500 mg", "850 mg", "1000 mg")),
    ("aspirin", ("81 mg", "325 mg")),
    ("furosemide", ("20 mg", "40 mg")),
    ("Lasix", ("20 mg", "40 mg", "80 mg")),
    ("Coumadin", ("2.5 mg", "5 mg")),
    ("warfarin", ("1 mg", "3 mg", "5 mg")),
    ("apixaban", ("2.5 mg", "5 mg")),
    ("Eliquis", ("5 mg",)),
    ("insulin glargine", ("10 units", "22 units", "30 units")),
    ("Lantus", ("18 units", "24 units")),
    ("levothyroxine", ("50 mcg", "75 mcg", "112 mcg")),
    ("Synthroid", ("88 mcg", "100 mcg")),
    ("sertraline", ("50 mg", "100 mg")),
    ("Zoloft", ("50 mg",)),
    ("fluoxetine", ("20 mg", "40 mg")),
    ("quetiapine", ("25 mg", "100 mg")),
    ("lorazepam", ("0.5 mg", "1 mg")),
    ("Ativan", ("0.5 mg", "1 mg")),
    ("acetaminophen", ("500 mg", "650 mg", "1 g")),
    ("Tylenol", ("650 mg",)),
    ("oxycodone", ("5 mg", "10 mg")),
    ("ondansetron", ("4 mg", "8 mg")),
    ("Zofran", ("4 mg",)),
    ("pantoprazole", ("40 mg",)),
    ("omeprazole", ("20 mg", "40 mg")),
    ("amlodipine", ("2.5 mg", "5 mg", "10 mg")),
    ("Norvasc", ("5 mg",)),
    ("ceftriaxone", ("1 g", "2 g")),
    ("vancomycin", ("1 g", "1.25 g")),
    ("piperacillin-tazobactam", ("3.375 g", "4.5 g")),
    ("azithromycin", ("250 mg", "500 mg")),
    ("prednisone", ("5 mg", "20 mg", "40 mg")),
    ("albuterol", ("2 puffs", "2.5 mg neb")),
    ("gabapentin", ("100 mg", "300 mg")),
    ("heparin", ("5000 units",)),
    ("enoxaparin", ("40 mg", "1 mg/kg")),
    ("Lovenox", ("40 mg",)),
    ("haloperidol", ("0.5 mg", "2 mg")),
    ("lithium", ("300 mg",)),
    ("Depakote", ("500 mg",)),
    ("tamsulosin", ("0.4 mg",)),
    ("Flomax", ("0.4 mg",)),
    ("carvedilol", ("3.125 mg", "6.25 mg")),
    ("spironolactone", ("25 mg",)),
    ("hydrochlorothiazide", ("12.5 mg", "25 mg")),
    ("clopidogrel", ("75 mg",)),
    ("Plavix", ("75 mg",)),
)
ROUTES = ("PO", "IV", "SQ", "po", "by mouth", "IM", "inhaled", "PR")
FREQUENCIES = (
    "daily",
    "BID",
    "TID",
    "QID",
    "q6h",
    "q8h",
    "qHS",
    "QD",
    "PRN",
    "twice daily",
    "every morning",
    "q4h PRN pain",
    "at bedtime",
    "weekly",
)

PROBLEMS = (
    "hypertension",
    "type 2 diabetes mellitus",
    "hyperlipidemia",
    "coronary artery disease",
    "atrial fibrillation",
    "congestive heart failure",
    "COPD",
    "asthma",
    "chronic kidney disease",
    "hypothyroidism",
    "major depressive disorder",
    "generalized anxiety disorder",
    "GERD",
    "obstructive sleep apnea",
    "osteoarthritis",
    "gout",
    "anemia",
    "cirrhosis",
    "Parkinson's disease",
    "Alzheimer's dementia",
    "Crohn's disease",
    "Hodgkin lymphoma",
    "Graves' disease",
    "Hashimoto's thyroiditis",
    "Cushing's syndrome",
    "Addison's disease",
    "Bell's palsy",
    "Down syndrome",
    "Guillain-Barre syndrome",
    "Barrett's esophagus",
    "Raynaud's phenomenon",
    "Sjogren's syndrome",
    "Huntington's disease",
    "Lyme disease",
    "Meniere's disease",
    "Wilms tumor",
    "Kaposi sarcoma",
    "Hirschsprung disease",
    "Paget's disease of bone",
    "Wegener's granulomatosis",
    "Tourette syndrome",
    "bipolar disorder",
    "schizophrenia",
    "alcohol use disorder",
    "PTSD",
    "migraine",
    "prostate cancer",
    "breast cancer",
    "pneumonia",
    "cellulitis",
    "sepsis",
    "DVT",
    "pulmonary embolism",
    "pancreatitis",
    "diverticulitis",
    "nephrolithiasis",
)
SYMPTOMS = (
    "chest pain",
    "shortness of breath",
    "abdominal pain",
    "nausea",
    "vomiting",
    "fever",
    "chills",
    "headache",
    "dizziness",
    "palpitations",
    "cough",
    "fatigue",
    "syncope",
    "lower extremity swelling",
    "dysuria",
    "back pain",
    "confusion",
    "weakness",
    "poor appetite",
    "insomnia",
    "low mood",
    "anxiety",
    "hematuria",
    "melena",
    "rash",
    "diarrhea",
    "constipation",
    "wheezing",
    "numbness in the left hand",
    "blurred vision",
)
EPONYM_SIGNS = (
    "Murphy's sign",
    "Babinski sign",
    "Homans' sign",
    "McBurney's point tenderness",
    "Kernig's sign",
    "Brudzinski's sign",
    "Romberg sign",
    "Tinel's sign",
    "Phalen's test",
    "Chvostek's sign",
    "Trousseau's sign",
    "Kussmaul breathing",
    "Cheyne-Stokes respirations",
)
DEVICES = (
    "Foley catheter",
    "Jackson-Pratt drain",
    "Swan-Ganz catheter",
    "Hickman line",
    "Port-a-Cath",
    "PICC line",
    "NG tube",
    "Pleur-evac",
    "Holter monitor",
    "Bovie",
)
PROCEDURES = (
    "laparoscopic cholecystectomy",
    "Whipple procedure",
    "Nissen fundoplication",
    "Roux-en-Y gastric bypass",
    "Hartmann's procedure",
    "total knee arthroplasty",
    "open reduction internal fixation of the right hip",
    "appendectomy",
    "coronary artery bypass grafting",
    "cardiac catheterization",
    "colonoscopy",
    "upper endoscopy",
    "thoracentesis",
    "paracentesis",
    "lumbar puncture",
    "excisional biopsy",
    "transurethral resection of the prostate",
    "carpal tunnel release",
)
LABS = (
    ("Na", 132, 146, 0, ""),
    ("K", 3.1, 5.6, 1, ""),
    ("Cl", 95, 110, 0, ""),
    ("HCO3", 18, 30, 0, ""),
    ("BUN", 6, 48, 0, ""),
    ("Cr", 0.6, 3.2, 1, ""),
    ("glucose", 68, 310, 0, ""),
    ("WBC", 3.2, 19.5, 1, ""),
    ("Hgb", 7.1, 16.2, 1, ""),
    ("Hct", 22.0, 48.0, 1, "%"),
    ("Plt", 88, 450, 0, ""),
    ("INR", 0.9, 3.4, 1, ""),
    ("troponin", 0.01, 0.9, 2, ""),
    ("BNP", 40, 2400, 0, ""),
    ("TSH", 0.2, 8.5, 2, ""),
    ("HbA1c", 5.2, 11.8, 1, "%"),
    ("ALT", 12, 140, 0, ""),
    ("AST", 14, 160, 0, ""),
    ("lactate", 0.8, 4.5, 1, ""),
    ("Mg", 1.5, 2.6, 1, ""),
    ("albumin", 2.4, 4.8, 1, ""),
)
IMAGING = (
    ("CT of the chest", "no pulmonary embolism; small bilateral pleural effusions"),
    ("CT abdomen and pelvis with contrast", "acute uncomplicated diverticulitis"),
    ("chest x-ray", "no focal consolidation"),
    ("MRI of the brain", "no acute infarct; chronic small vessel ischemic changes"),
    ("renal ultrasound", "mild left hydronephrosis"),
    ("right upper quadrant ultrasound", "cholelithiasis without cholecystitis"),
    ("echocardiogram", "LVEF 35-40% with moderate mitral regurgitation"),
    ("lower extremity duplex", "no deep venous thrombosis"),
    ("CT head without contrast", "no intracranial hemorrhage"),
)
SCORES = (
    "Apgar 8 and 9",
    "GCS 15",
    "GCS 14 (E4V4M6)",
    "PHQ-9 score of {n}",
    "GAD-7 of {n}",
    "CHA2DS2-VASc score of {s}",
    "Wells score 1.5",
    "MMSE 24/30",
    "MoCA 22/30",
    "NIHSS 3",
    "pain 6/10",
    "Morse fall score 45",
    "Braden score 16",
    "CURB-65 of {s}",
)
EXAM = (
    "lungs clear to auscultation bilaterally",
    "regular rate and rhythm, 2/6 systolic murmur",
    "abdomen soft, nontender, nondistended",
    "no edema",
    "1+ pitting edema to the shins",
    "alert and oriented x3",
    "cranial nerves II-XII intact",
    "5/5 strength throughout",
    "JVP at 8 cm",
    "crackles at the bases",
    "mild RUQ tenderness",
    "skin warm and dry",
    "pupils 3 mm and reactive",
    "trace bilateral ankle edema",
    "no focal deficits",
)
RELATIVE_HISTORY = (
    "myocardial infarction at 62",
    "colon cancer",
    "type 2 diabetes",
    "breast cancer at 48",
    "stroke",
    "Alzheimer's disease",
    "alcohol use disorder",
    "hypertension",
)
ALLERGIES = (
    "penicillin (rash)",
    "sulfa drugs",
    "NKDA",
    "no known drug allergies",
    "codeine (nausea)",
    "latex",
    "iodinated contrast (hives)",
    "shellfish",
)


def drug(rng: random.Random) -> str:
    name, doses = rng.choice(DRUGS)
    return f"{name} {rng.choice(doses)} {rng.choice(ROUTES)} {rng.choice(FREQUENCIES)}"


def lab(rng: random.Random) -> str:
    name, low, high, places, unit = rng.choice(LABS)
    value = rng.uniform(low, high)
    return f"{name} {value:.{places}f}{unit}"


def vitals(rng: random.Random) -> str:
    parts = [
        f"{rng.choice(('BP', 'BP:', 'blood pressure'))} "
        f"{rng.randint(92, 182)}/{rng.randint(48, 104)}",
        f"{rng.choice(('HR', 'P', 'pulse'))} {rng.randint(48, 128)}",
        f"{rng.choice(('RR', 'resp'))} {rng.randint(12, 28)}",
        f"{rng.choice(('T', 'Temp'))} {rng.uniform(96.8, 102.9):.1f}",
        f"{rng.choice(('SpO2', 'O2 sat', 'sat'))} {rng.randint(86, 100)}% "
        f"{rng.choice(('on RA', 'on room air', 'on 2L NC', 'on 4 L'))}",
    ]
    if rng.random() < 0.4:
        parts.append(f"Wt {rng.randint(45, 140)} kg")
    return rng.choice((", ", "  ", "; ")).join(parts)


def clock(rng: random.Random) -> str:
    hour, minute = rng.randint(0, 23), rng.choice((0, 5, 10, 15, 20, 30, 40, 45, 50, 55))
    form = rng.randrange(3)
    if form == 0:
        return f"{hour:02d}:{minute:02d}"
    if form == 1:
        return f"{hour:02d}{minute:02d}"
    return f"{(hour % 12) or 12}:{minute:02d} {'AM' if hour < 12 else 'PM'}"


def score(rng: random.Random) -> str:
    return rng.choice(SCORES).format(n=rng.randint(2, 24), s=rng.randint(0, 5))


def duration(rng: random.Random) -> str:
    n = rng.randint(2, 14)
    return rng.choice(
        (
            f"{n} days",
            f"{n} weeks",
            f"x{n} days",
            f"{n} hrs",
            "several months",
            f"{n}-{n + 2} days",
            "one week",
            "2 months",
        )
    )
