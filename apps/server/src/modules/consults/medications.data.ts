// The medication reference list shipped with the app (issue 8 "Medication search"): commonly
// prescribed and over-the-counter medicines in the United States, each generic (active ingredient)
// with its common brand names. Written by hand; docs/medications.md says how it was compiled and how
// to change it. One line per generic: `generic: Brand, Brand` (no brands after the colon is fine).

const SOURCE = `
# Heart, blood pressure, cholesterol
amlodipine: Norvasc
amlodipine and benazepril: Lotrel
amlodipine and valsartan: Exforge
amlodipine and olmesartan: Azor
atenolol: Tenormin
benazepril: Lotensin
bisoprolol: Zebeta
bisoprolol and hydrochlorothiazide: Ziac
bumetanide: Bumex
candesartan: Atacand
captopril: Capoten
carvedilol: Coreg
chlorthalidone: Thalitone
clonidine: Catapres, Kapvay
digoxin: Lanoxin
diltiazem: Cardizem, Tiazac
doxazosin: Cardura
enalapril: Vasotec
eplerenone: Inspra
furosemide: Lasix
guanfacine: Tenex, Intuniv
hydralazine: Apresoline
hydrochlorothiazide: Microzide
indapamide: Lozol
irbesartan: Avapro
isosorbide mononitrate: Imdur, Monoket
isosorbide dinitrate: Isordil
labetalol: Trandate
lisinopril: Prinivil, Zestril, Qbrelis
lisinopril and hydrochlorothiazide: Zestoretic
losartan: Cozaar
losartan and hydrochlorothiazide: Hyzaar
metolazone: Zaroxolyn
metoprolol succinate: Toprol XL
metoprolol tartrate: Lopressor
minoxidil tablets: Loniten
nadolol: Corgard
nebivolol: Bystolic
nifedipine: Procardia, Adalat CC
nitroglycerin: Nitrostat, Nitro-Dur, Nitrolingual
olmesartan: Benicar
prazosin: Minipress
propranolol: Inderal, InnoPran XL
quinapril: Accupril
ramipril: Altace
ranolazine: Ranexa
sacubitril and valsartan: Entresto
spironolactone: Aldactone, CaroSpir
telmisartan: Micardis
terazosin: Hytrin
torsemide: Demadex, Soaanz
triamterene and hydrochlorothiazide: Dyazide, Maxzide
valsartan: Diovan
valsartan and hydrochlorothiazide: Diovan HCT
verapamil: Calan, Verelan
amiodarone: Pacerone, Nexterone
dofetilide: Tikosyn
flecainide: Tambocor
sotalol: Betapace, Sotylize
atorvastatin: Lipitor
ezetimibe: Zetia
ezetimibe and simvastatin: Vytorin
fenofibrate: Tricor, Trilipix, Fenoglide
gemfibrozil: Lopid
icosapent ethyl: Vascepa
lovastatin: Altoprev
niacin: Niaspan
pitavastatin: Livalo, Zypitamag
pravastatin: Pravachol
rosuvastatin: Crestor, Ezallor
simvastatin: Zocor, FloLipid
evolocumab: Repatha
alirocumab: Praluent
colesevelam: Welchol

# Blood thinners
apixaban: Eliquis
aspirin: Bayer, Ecotrin, Bufferin
clopidogrel: Plavix
dabigatran: Pradaxa
edoxaban: Savaysa
enoxaparin: Lovenox
prasugrel: Effient
rivaroxaban: Xarelto
ticagrelor: Brilinta
warfarin: Coumadin, Jantoven
cilostazol: Pletal

# Diabetes and weight
acarbose: Precose
alogliptin: Nesina
canagliflozin: Invokana
dapagliflozin: Farxiga
dulaglutide: Trulicity
empagliflozin: Jardiance
empagliflozin and metformin: Synjardy
ertugliflozin: Steglatro
exenatide: Byetta, Bydureon BCise
glimepiride: Amaryl
glipizide: Glucotrol
glyburide: Diabeta, Glynase
insulin aspart: Novolog, Fiasp
insulin degludec: Tresiba
insulin detemir: Levemir
insulin glargine: Lantus, Basaglar, Toujeo, Semglee
insulin lispro: Humalog, Admelog, Lyumjev
insulin regular: Humulin R, Novolin R
insulin isophane (NPH): Humulin N, Novolin N
linagliptin: Tradjenta
liraglutide: Victoza, Saxenda
metformin: Glucophage, Glumetza, Fortamet
pioglitazone: Actos
repaglinide: Prandin
saxagliptin: Onglyza
semaglutide: Ozempic, Wegovy, Rybelsus
sitagliptin: Januvia
sitagliptin and metformin: Janumet
tirzepatide: Mounjaro, Zepbound
glucagon: Baqsimi, Gvoke
orlistat: Xenical, Alli
phentermine: Adipex-P, Lomaira
phentermine and topiramate: Qsymia
naltrexone and bupropion: Contrave
setmelanotide: Imcivree

# Thyroid, hormones, bone
levothyroxine: Synthroid, Levoxyl, Unithroid, Euthyrox, Tirosint
liothyronine: Cytomel
armour thyroid: Armour Thyroid, NP Thyroid
methimazole: Tapazole
propylthiouracil:
alendronate: Fosamax
ibandronate: Boniva
risedronate: Actonel, Atelvia
raloxifene: Evista
denosumab: Prolia, Xgeva
teriparatide: Forteo
estradiol: Estrace, Vivelle-Dot, Climara, Vagifem, Estring
conjugated estrogens: Premarin
conjugated estrogens and medroxyprogesterone: Prempro
medroxyprogesterone: Provera, Depo-Provera
progesterone: Prometrium
norethindrone: Aygestin, Camila, Errin
norethindrone and ethinyl estradiol: Loestrin, Junel, Microgestin
levonorgestrel and ethinyl estradiol: Seasonique, Levora, Aviane
drospirenone and ethinyl estradiol: Yaz, Yasmin
norgestimate and ethinyl estradiol: Sprintec, Tri-Sprintec, Ortho Tri-Cyclen
desogestrel and ethinyl estradiol: Apri, Kariva
etonogestrel and ethinyl estradiol ring: NuvaRing
levonorgestrel: Plan B One-Step, Mirena, Kyleena
ulipristal: Ella
testosterone: AndroGel, Testim, Depo-Testosterone, Xyosted
finasteride: Propecia, Proscar
dutasteride: Avodart
clomiphene: Clomid
letrozole: Femara
anastrozole: Arimidex
tamoxifen: Soltamox
exemestane: Aromasin
cabergoline: Dostinex
prednisone: Rayos, Deltasone
prednisolone: Orapred, Millipred
methylprednisolone: Medrol, Solu-Medrol
dexamethasone: Decadron, Hemady
hydrocortisone: Cortef, Cortaid
fludrocortisone: Florinef
desmopressin: DDAVP, Nocdurna

# Mental health
amitriptyline: Elavil
aripiprazole: Abilify
bupropion: Wellbutrin SR, Wellbutrin XL, Zyban
buspirone: Buspar
citalopram: Celexa
clomipramine: Anafranil
desvenlafaxine: Pristiq
doxepin: Silenor
duloxetine: Cymbalta, Drizalma
escitalopram: Lexapro
fluoxetine: Prozac, Sarafem
fluvoxamine: Luvox
imipramine: Tofranil
lamotrigine: Lamictal
lithium: Lithobid
lurasidone: Latuda
mirtazapine: Remeron
nortriptyline: Pamelor
olanzapine: Zyprexa
paroxetine: Paxil, Pexeva
quetiapine: Seroquel
risperidone: Risperdal
sertraline: Zoloft
trazodone: Desyrel, Oleptro
venlafaxine: Effexor XR
vilazodone: Viibryd
vortioxetine: Trintellix
ziprasidone: Geodon
brexpiprazole: Rexulti
cariprazine: Vraylar
clozapine: Clozaril
haloperidol: Haldol
phenelzine: Nardil
selegiline: Emsam, Eldepryl
tranylcypromine: Parnate
alprazolam: Xanax
clonazepam: Klonopin
diazepam: Valium
lorazepam: Ativan
temazepam: Restoril
hydroxyzine: Atarax, Vistaril
zolpidem: Ambien, Edluar
eszopiclone: Lunesta
suvorexant: Belsomra
ramelteon: Rozerem
melatonin:
amphetamine and dextroamphetamine: Adderall, Adderall XR, Mydayis
atomoxetine: Strattera
dexmethylphenidate: Focalin
lisdexamfetamine: Vyvanse
methylphenidate: Ritalin, Concerta, Daytrana
modafinil: Provigil
armodafinil: Nuvigil
naltrexone: Revia, Vivitrol
buprenorphine and naloxone: Suboxone, Zubsolv
buprenorphine: Subutex, Sublocade, Butrans
methadone: Dolophine, Methadose
naloxone: Narcan
varenicline: Chantix
nicotine: Nicorette, NicoDerm CQ, Nicotrol
disulfiram: Antabuse
acamprosate: Campral

# Neurology and pain
acetaminophen: Tylenol
acetaminophen and codeine: Tylenol with Codeine
baclofen: Lioresal, Ozobax
carbamazepine: Tegretol, Equetro
celecoxib: Celebrex
cyclobenzaprine: Flexeril, Amrix
diclofenac: Voltaren, Cambia, Zipsor
divalproex: Depakote
donepezil: Aricept
gabapentin: Neurontin, Gralise
hydrocodone and acetaminophen: Norco, Vicodin, Lortab
ibuprofen: Advil, Motrin
indomethacin: Indocin
ketorolac: Toradol, Sprix
levetiracetam: Keppra
meloxicam: Mobic
memantine: Namenda
methocarbamol: Robaxin
morphine: MS Contin
nabumetone: Relafen
naproxen: Aleve, Naprosyn, Anaprox
oxcarbazepine: Trileptal, Oxtellar XR
oxycodone: OxyContin, Roxicodone
oxycodone and acetaminophen: Percocet
phenytoin: Dilantin
pregabalin: Lyrica
rizatriptan: Maxalt
ropinirole: Requip
pramipexole: Mirapex
carbidopa and levodopa: Sinemet, Rytary
sumatriptan: Imitrex, Tosymra
tizanidine: Zanaflex
topiramate: Topamax, Trokendi XR, Qudexy XR
tramadol: Ultram
valproic acid: Depakene
zonisamide: Zonegran
eletriptan: Relpax
zolmitriptan: Zomig
ubrogepant: Ubrelvy
rimegepant: Nurtec ODT
erenumab: Aimovig
galcanezumab: Emgality
fremanezumab: Ajovy
butalbital, acetaminophen and caffeine: Fioricet
lacosamide: Vimpat
rivastigmine: Exelon
galantamine: Razadyne
tapentadol: Nucynta
hydromorphone: Dilaudid
fentanyl: Duragesic
lidocaine: Lidoderm, Xylocaine
capsaicin: Zostrix, Qutenza
colchicine: Colcrys, Mitigare
allopurinol: Zyloprim
febuxostat: Uloric
probenecid:

# Lungs and allergy
albuterol: ProAir, Proventil, Ventolin
budesonide: Pulmicort, Entocort EC, Uceris
budesonide and formoterol: Symbicort, Breyna
cetirizine: Zyrtec
levocetirizine: Xyzal
fexofenadine: Allegra
loratadine: Claritin
desloratadine: Clarinex
diphenhydramine: Benadryl
chlorpheniramine: Chlor-Trimeton
fluticasone: Flonase, Flovent
fluticasone and salmeterol: Advair, Wixela, AirDuo
fluticasone, umeclidinium and vilanterol: Trelegy Ellipta
fluticasone and vilanterol: Breo Ellipta
mometasone: Nasonex, Asmanex, Elocon
montelukast: Singulair
tiotropium: Spiriva
umeclidinium and vilanterol: Anoro Ellipta
ipratropium: Atrovent
ipratropium and albuterol: Combivent Respimat, DuoNeb
beclomethasone: Qvar, Beconase AQ
ciclesonide: Alvesco, Omnaris
levalbuterol: Xopenex
benzonatate: Tessalon
guaifenesin: Mucinex
dextromethorphan: Delsym, Robitussin
pseudoephedrine: Sudafed
phenylephrine: Sudafed PE
oxymetazoline: Afrin
azelastine: Astelin, Astepro
olopatadine: Patanol, Pataday, Patanase
epinephrine: EpiPen, Auvi-Q, Adrenaclick
roflumilast: Daliresp
theophylline: Theo-24, Elixophyllin
dupilumab: Dupixent
omalizumab: Xolair

# Stomach and gut
famotidine: Pepcid
omeprazole: Prilosec
esomeprazole: Nexium
lansoprazole: Prevacid
pantoprazole: Protonix
rabeprazole: Aciphex
dexlansoprazole: Dexilant
sucralfate: Carafate
ondansetron: Zofran
promethazine: Phenergan
metoclopramide: Reglan
prochlorperazine: Compazine
meclizine: Antivert, Bonine
scopolamine: Transderm Scop
dicyclomine: Bentyl
hyoscyamine: Levsin
loperamide: Imodium
bismuth subsalicylate: Pepto-Bismol
docusate: Colace
polyethylene glycol 3350: MiraLAX
senna: Senokot
bisacodyl: Dulcolax
psyllium: Metamucil
lactulose: Enulose, Kristalose
linaclotide: Linzess
lubiprostone: Amitiza
plecanatide: Trulance
mesalamine: Lialda, Asacol HD, Pentasa, Apriso
sulfasalazine: Azulfidine
simethicone: Gas-X, Mylicon
calcium carbonate: Tums
ursodiol: Actigall, Urso
rifaximin: Xifaxan
pancrelipase: Creon, Zenpep

# Infections
acyclovir: Zovirax
amoxicillin: Amoxil
amoxicillin and clavulanate: Augmentin
azithromycin: Zithromax, Z-Pak
cefdinir: Omnicef
cefuroxime: Ceftin
cephalexin: Keflex
ceftriaxone: Rocephin
ciprofloxacin: Cipro
clarithromycin: Biaxin
clindamycin: Cleocin
doxycycline: Vibramycin, Doryx, Acticlate, Oracea
fluconazole: Diflucan
levofloxacin: Levaquin
linezolid: Zyvox
metronidazole: Flagyl, MetroGel
minocycline: Minocin, Solodyn, Amzeeq
nitrofurantoin: Macrobid, Macrodantin
oseltamivir: Tamiflu
penicillin V potassium: Veetids
sulfamethoxazole and trimethoprim: Bactrim, Septra
terbinafine: Lamisil
valacyclovir: Valtrex
famciclovir: Famvir
nystatin: Mycostatin
clotrimazole: Lotrimin, Mycelex
miconazole: Monistat, Micatin
ketoconazole: Nizoral
itraconazole: Sporanox
ivermectin: Stromectol, Soolantra
hydroxychloroquine: Plaquenil
mupirocin: Bactroban
rifampin: Rifadin
isoniazid:
tinidazole: Tindamax
emtricitabine and tenofovir disoproxil: Truvada
emtricitabine and tenofovir alafenamide: Descovy
bictegravir, emtricitabine and tenofovir alafenamide: Biktarvy
dolutegravir: Tivicay
nirmatrelvir and ritonavir: Paxlovid
sofosbuvir and velpatasvir: Epclusa
glecaprevir and pibrentasvir: Mavyret

# Urology and sexual health
sildenafil: Viagra, Revatio
tadalafil: Cialis, Adcirca
vardenafil: Levitra, Staxyn
avanafil: Stendra
tamsulosin: Flomax
alfuzosin: Uroxatral
silodosin: Rapaflo
oxybutynin: Ditropan XL, Oxytrol
tolterodine: Detrol
solifenacin: Vesicare
mirabegron: Myrbetriq
trospium: Sanctura
phenazopyridine: Pyridium, Azo
flibanserin: Addyi
bremelanotide: Vyleesi

# Skin
adapalene: Differin
adapalene and benzoyl peroxide: Epiduo
benzoyl peroxide: PanOxyl, Benzac
clindamycin and benzoyl peroxide: BenzaClin, Duac, Onexton
tretinoin: Retin-A, Renova, Altreno, Atralin
tazarotene: Tazorac, Arazlo
trifarotene: Aklief
isotretinoin: Absorica, Claravis, Amnesteem, Zenatane
azelaic acid: Finacea, Azelex
dapsone gel: Aczone
clascoterone: Winlevi
hydroquinone: Tri-Luma
metronidazole topical: Rosadan, Noritate
hydrocortisone topical: Cortizone-10
triamcinolone: Kenalog, Nasacort
clobetasol: Temovate, Clobex, Olux
betamethasone: Diprolene, Luxiq
fluocinonide: Lidex, Vanos
desonide: Desowen, Verdeso
tacrolimus topical: Protopic
pimecrolimus: Elidel
crisaborole: Eucrisa
calcipotriene: Dovonex, Sorilux
minoxidil topical: Rogaine
spironolactone topical:
ketoconazole shampoo: Nizoral A-D
selenium sulfide: Selsun Blue
permethrin: Elimite, Nix
silver sulfadiazine: Silvadene
imiquimod: Aldara, Zyclara
fluorouracil topical: Efudex, Carac
methoxsalen: Oxsoralen-Ultra
ruxolitinib cream: Opzelura
roflumilast cream: Zoryve
tapinarof: Vtama
eflornithine cream: Vaniqa
oxiconazole: Oxistat
ciclopirox: Loprox, Penlac
efinaconazole: Jublia

# Eyes
latanoprost: Xalatan
timolol: Timoptic
brimonidine: Alphagan P, Lumify
dorzolamide and timolol: Cosopt
bimatoprost: Lumigan, Latisse
travoprost: Travatan Z
cyclosporine ophthalmic: Restasis, Cequa
lifitegrast: Xiidra
prednisolone acetate ophthalmic: Pred Forte
ketotifen: Zaditor, Alaway
moxifloxacin ophthalmic: Vigamox
tobramycin: Tobrex
tobramycin and dexamethasone: Tobradex

# Immune, rheumatology, cancer support
adalimumab: Humira, Hadlima, Amjevita
etanercept: Enbrel
infliximab: Remicade, Inflectra
ustekinumab: Stelara
secukinumab: Cosentyx
risankizumab: Skyrizi
guselkumab: Tremfya
ixekizumab: Taltz
tofacitinib: Xeljanz
upadacitinib: Rinvoq
baricitinib: Olumiant
apremilast: Otezla
methotrexate: Trexall, Otrexup, Rasuvo
leflunomide: Arava
azathioprine: Imuran, Azasan
mycophenolate: CellCept, Myfortic
cyclosporine: Neoral, Sandimmune
tacrolimus: Prograf, Envarsus XR
abatacept: Orencia
tocilizumab: Actemra
rituximab: Rituxan
ocrelizumab: Ocrevus
dimethyl fumarate: Tecfidera
fingolimod: Gilenya
teriflunomide: Aubagio
glatiramer: Copaxone
interferon beta-1a: Avonex, Rebif
imatinib: Gleevec
capecitabine: Xeloda
pembrolizumab: Keytruda
nivolumab: Opdivo
filgrastim: Neupogen, Zarxio
pegfilgrastim: Neulasta

# Kidney, blood, vitamins and supplements
epoetin alfa: Epogen, Procrit, Retacrit
ferrous sulfate: Feosol, Slow Fe
folic acid: Folvite
cyanocobalamin (vitamin B12): Nascobal
vitamin D3 (cholecalciferol):
ergocalciferol (vitamin D2): Drisdol
calcitriol: Rocaltrol
potassium chloride: Klor-Con, K-Tab
magnesium oxide: Mag-Ox
sodium bicarbonate:
sevelamer: Renvela, Renagel
calcium acetate: PhosLo
cinacalcet: Sensipar
prenatal vitamins: Prenate, Vitafol
multivitamin: Centrum, One A Day
fish oil (omega-3 fatty acids): Lovaza
coenzyme Q10:
biotin:
zinc:
vitamin C (ascorbic acid):
turmeric (curcumin):
St. John's wort:
ginkgo biloba:
saw palmetto:
magnesium citrate: Citroma
`;

export interface MedicationEntry {
  name: string;
  kind: 'generic' | 'brand';
  /** For a brand: its generic name. */
  generic: string | null;
}

/** The list, one entry per name: every generic, then each brand pointing at its generic. */
export function medicationEntries(): MedicationEntry[] {
  const entries: MedicationEntry[] = [];
  const seen = new Set<string>();
  const add = (entry: MedicationEntry) => {
    const key = entry.name.toLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
    entries.push(entry);
  };
  for (const raw of SOURCE.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const colon = line.lastIndexOf(':');
    const generic = (colon === -1 ? line : line.slice(0, colon)).trim();
    const brands = colon === -1 ? [] : line.slice(colon + 1).split(',').map((b) => b.trim()).filter(Boolean);
    add({ name: generic, kind: 'generic', generic: null });
    for (const brand of brands) add({ name: brand, kind: 'brand', generic });
  }
  return entries;
}
