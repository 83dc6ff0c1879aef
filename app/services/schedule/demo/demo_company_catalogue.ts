/*
 * The demo production company's records, written out by hand so they read
 * like a real company's: Northlight Pictures, a London production company
 * with its crew, suppliers, clients, places and a season of projects. Phone
 * numbers are in Ofcom's range kept for drama (07700 900xxx) and emails are
 * at example.com, so nothing here reaches a real person.
 */

export const DEMO_COMPANY_NAME = 'Northlight Pictures'

export const DEMO_REGIONS = ['London', 'South East', 'North'] as const
export type DemoRegion = (typeof DEMO_REGIONS)[number]

export const DEMO_CREW_ROLES = [
  'Director',
  'Producer',
  'Production Manager',
  '1st Assistant Director',
  'Director of Photography',
  'Camera Operator',
  'Focus Puller',
  'Gaffer',
  'Electrician',
  'Key Grip',
  'Grip',
  'Sound Mixer',
  'Boom Operator',
  'Production Designer',
  'Art Director',
  'Make-up',
  'Hair',
  'Costume',
  'Stills Photographer',
  'Location Manager',
  'Runner',
  'Editor',
  'Colourist',
] as const
export type DemoRole = (typeof DEMO_CREW_ROLES)[number]

export const DEMO_VENDOR_TYPES = [
  'Camera rental',
  'Lighting & grip',
  'Catering',
  'Trucks & vans',
  'Studio',
  'Post-production',
  'Sound rental',
  'Power',
] as const
export type DemoVendorType = (typeof DEMO_VENDOR_TYPES)[number]

export const DEMO_LOCATION_TYPES = [
  'Studio',
  'Office',
  'Exterior',
  'Residential',
  'Warehouse',
  'Venue',
] as const
export type DemoLocationType = (typeof DEMO_LOCATION_TYPES)[number]

export type DemoCrewMember = {
  name: string
  role: DemoRole
  region: DemoRegion
  starred?: boolean
  pronouns?: string
  vehicle?: string
  dietary?: string
  howWeMet?: string
  notes?: string
}

export const DEMO_CREW: DemoCrewMember[] = [
  {
    name: 'Zoë Ångström',
    role: 'Director of Photography',
    region: 'London',
    starred: true,
    pronouns: 'she/her',
    vehicle: 'Volvo estate',
    howWeMet: 'Shot our first Aurora spot',
  },
  {
    name: 'Łukasz Nowak',
    role: 'Gaffer',
    region: 'London',
    starred: true,
    vehicle: 'Ford Transit with his own lighting kit',
    dietary: 'Vegetarian',
  },
  { name: 'Nguyễn Văn An', role: 'Editor', region: 'London', pronouns: 'he/him' },
  {
    name: "Siobhán O'Sullivan",
    role: 'Director',
    region: 'London',
    starred: true,
    pronouns: 'she/her',
  },
  { name: 'Marcus Webb', role: 'Director', region: 'South East' },
  { name: 'Amara Okafor', role: 'Producer', region: 'London', starred: true, pronouns: 'she/her' },
  { name: 'Priya Raman', role: 'Producer', region: 'London', dietary: 'Vegan' },
  { name: 'Tomás Herrera', role: 'Production Manager', region: 'London' },
  { name: 'Aoife Byrne', role: '1st Assistant Director', region: 'London' },
  { name: 'Jonas Müller', role: '1st Assistant Director', region: 'North' },
  { name: 'Kwame Mensah', role: 'Director of Photography', region: 'London' },
  { name: 'José Álvarez', role: 'Director of Photography', region: 'South East' },
  { name: 'Chloé Dubois', role: 'Camera Operator', region: 'London', pronouns: 'she/her' },
  { name: 'Rhys Llewellyn', role: 'Camera Operator', region: 'South East' },
  { name: 'Mei Lin Chen', role: 'Focus Puller', region: 'London' },
  { name: 'Dmitri Volkov', role: 'Focus Puller', region: 'North' },
  { name: 'Ravi Patel', role: 'Gaffer', region: 'North', dietary: 'Halal' },
  { name: 'Finn Larsen', role: 'Electrician', region: 'London' },
  { name: 'Yusuf Demir', role: 'Electrician', region: 'London', dietary: 'Halal' },
  { name: 'Callum MacLeod', role: 'Key Grip', region: 'North', vehicle: 'Grip truck (7.5 t)' },
  { name: 'Samuel Adeyemi', role: 'Grip', region: 'London' },
  { name: 'Gabriel Santos', role: 'Grip', region: 'South East' },
  { name: 'Ingrid Solberg', role: 'Sound Mixer', region: 'London', starred: true },
  { name: 'Kofi Boateng', role: 'Sound Mixer', region: 'North' },
  { name: 'Beatriz Costa', role: 'Boom Operator', region: 'London', pronouns: 'she/her' },
  { name: 'Leila Haddad', role: 'Production Designer', region: 'London' },
  { name: 'Mateo Rossi', role: 'Art Director', region: 'London', dietary: 'No nuts' },
  {
    name: 'Hannah Becker',
    role: 'Make-up',
    region: 'London',
    starred: true,
    notes: 'Only takes early calls Monday to Thursday.',
  },
  { name: 'Fatima El Idrissi', role: 'Make-up', region: 'North' },
  { name: 'Sofia Lindqvist', role: 'Hair', region: 'London' },
  { name: 'Camille Laurent', role: 'Costume', region: 'London', pronouns: 'she/her' },
  { name: 'Marta Kowalska', role: 'Costume', region: 'South East' },
  { name: 'Aiko Tanaka', role: 'Stills Photographer', region: 'London' },
  {
    name: 'Oliver Grant',
    role: 'Location Manager',
    region: 'South East',
    vehicle: 'Land Rover Defender',
  },
  { name: 'Emma Clarke', role: 'Runner', region: 'London', howWeMet: 'Film school placement' },
  { name: 'Noah Bennett', role: 'Runner', region: 'London' },
  { name: 'Inês Ferreira', role: 'Runner', region: 'London', dietary: 'Gluten-free' },
  { name: 'Arjun Mehta', role: 'Runner', region: 'North' },
  { name: 'Georgia Hughes', role: 'Colourist', region: 'London' },
  { name: 'Hana Nováková', role: 'Editor', region: 'London', pronouns: 'she/her' },
]

export type DemoVendor = {
  name: string
  type: DemoVendorType
  region: DemoRegion
  contactName: string
  website: string
  address: string
  starred?: boolean
  notes?: string
}

export const DEMO_VENDORS: DemoVendor[] = [
  {
    name: 'Lensworks Camera Hire',
    type: 'Camera rental',
    region: 'London',
    contactName: 'Dev Sharma',
    website: 'https://lensworks.example.com',
    address: 'Unit 4, Lea Valley Trading Estate, London N18 3QW',
    starred: true,
  },
  {
    name: 'Brightside Lighting & Grip',
    type: 'Lighting & grip',
    region: 'London',
    contactName: 'Tess Morgan',
    website: 'https://brightside.example.com',
    address: 'Unit 12, Park Royal Road, London NW10 7LQ',
  },
  {
    name: 'Two Forks Location Catering',
    type: 'Catering',
    region: 'London',
    contactName: 'Rosa Delgado',
    website: 'https://twoforks.example.com',
    address: '8 Cremer Street, London E2 8HD',
    notes: 'Needs final numbers 48 hours before the shoot.',
  },
  {
    name: 'Mise en Place Kitchens',
    type: 'Catering',
    region: 'North',
    contactName: 'Ben Ashworth',
    website: 'https://miseenplace.example.com',
    address: '21 Jersey Street, Manchester M4 6JB',
  },
  {
    name: 'Roadrunner Unit Vans',
    type: 'Trucks & vans',
    region: 'London',
    contactName: 'Gary Fenwick',
    website: 'https://roadrunner.example.com',
    address: 'Yard 2, Thames Road, London E16 2EZ',
  },
  {
    name: 'Kestrel Facilities',
    type: 'Trucks & vans',
    region: 'North',
    contactName: 'Ayesha Khan',
    website: 'https://kestrel.example.com',
    address: 'Trafford Park Road, Manchester M17 1SN',
  },
  {
    name: 'Studio Nine Stages',
    type: 'Studio',
    region: 'London',
    contactName: 'Helen Park',
    website: 'https://studionine.example.com',
    address: '40 Rainville Road, London W6 9HA',
  },
  {
    name: 'Soho Grade Post',
    type: 'Post-production',
    region: 'London',
    contactName: 'Luca Bianchi',
    website: 'https://sohograde.example.com',
    address: '22 Wardour Street, London W1D 6QQ',
  },
  {
    name: 'Boom & Cable Sound Hire',
    type: 'Sound rental',
    region: 'London',
    contactName: 'Nadia Petrova',
    website: 'https://boomandcable.example.com',
    address: '5 Hackney Wick Works, London E9 5EN',
  },
  {
    name: 'Hawthorn Power & Generators',
    type: 'Power',
    region: 'South East',
    contactName: 'Mick Doyle',
    website: 'https://hawthornpower.example.com',
    address: 'Unit B, Dartford Trade Park, Dartford DA1 5PZ',
  },
]

export type DemoClient = { name: string; contactName: string; notes?: string }

export const DEMO_CLIENTS: DemoClient[] = [
  { name: 'Aurora Beverages', contactName: 'Sasha Ivanova', notes: 'Invoices to finance@' },
  { name: 'Meridian Bank', contactName: 'Peter Hollis' },
  { name: 'Halcyon Records', contactName: 'Jade Okoro' },
  { name: 'Kinetic Motors', contactName: 'Lars Eriksen' },
  { name: 'Lumen Skincare', contactName: 'Chiara Romano' },
  { name: 'Greenleaf Grocers', contactName: 'Tom Whitfield' },
  { name: 'Fjord Outdoor Co.', contactName: 'Astrid Berg' },
  { name: 'Pixelfox Games', contactName: 'Kenji Watanabe' },
]

export type DemoLocation = {
  name: string
  type: DemoLocationType
  region: DemoRegion
  address: string
  lat: number
  lng: number
  notes?: string
}

export const DEMO_LOCATIONS: DemoLocation[] = [
  {
    name: 'Studio Nine – Stage 2',
    type: 'Studio',
    region: 'London',
    address: '40 Rainville Road, London W6 9HA',
    lat: 51.483,
    lng: -0.224,
  },
  {
    name: 'Wapping Wall Warehouse',
    type: 'Warehouse',
    region: 'London',
    address: 'Unit 3, 14 Wapping Wall, London E1W 3SS',
    lat: 51.5045,
    lng: -0.056,
  },
  {
    name: 'Meridian Bank head office',
    type: 'Office',
    region: 'London',
    address: '30 Gresham Street, London EC2V 7PG',
    lat: 51.5152,
    lng: -0.0935,
  },
  {
    name: 'Parliament Hill, Hampstead Heath',
    type: 'Exterior',
    region: 'London',
    address: 'Parliament Hill, London NW5 1QR',
    lat: 51.556,
    lng: -0.151,
  },
  {
    name: 'Margate seafront',
    type: 'Exterior',
    region: 'South East',
    address: 'Marine Terrace, Margate CT9 1XJ',
    lat: 51.388,
    lng: 1.379,
  },
  {
    name: 'The Old Rectory, Shere',
    type: 'Residential',
    region: 'South East',
    address: 'Church Lane, Shere, Guildford GU5 9HY',
    lat: 51.219,
    lng: -0.465,
  },
  {
    name: 'Stanage Edge',
    type: 'Exterior',
    region: 'North',
    address: 'Stanage Edge, Hathersage, Hope Valley S32 1BR',
    lat: 53.362,
    lng: -1.633,
  },
  {
    name: 'Union Chapel',
    type: 'Venue',
    region: 'London',
    address: '19b Compton Terrace, London N1 2UN',
    lat: 51.543,
    lng: -0.103,
  },
  {
    name: 'Greenleaf test kitchen',
    type: 'Studio',
    region: 'London',
    address: 'Unit 7, Bermondsey Trading Estate, London SE16 3LL',
    lat: 51.4905,
    lng: -0.0525,
  },
  {
    name: 'Ancoats mill',
    type: 'Warehouse',
    region: 'North',
    address: 'Redhill Street, Manchester M4 5BA',
    lat: 53.484,
    lng: -2.227,
  },
]

/** A location recced and dropped: it waits in the trash. */
export const DEMO_TRASHED_LOCATION: DemoLocation = {
  name: 'Croydon multi-storey (recce only)',
  type: 'Exterior',
  region: 'London',
  address: 'Wellesley Road, Croydon CR0 2AD',
  lat: 51.3762,
  lng: -0.0982,
}

/** Who a kind of shoot needs, in roster order. */
export const DEMO_ROSTER_TEMPLATES = {
  commercial: {
    roles: [
      'Director',
      'Producer',
      '1st Assistant Director',
      'Director of Photography',
      'Focus Puller',
      'Gaffer',
      'Electrician',
      'Key Grip',
      'Sound Mixer',
      'Make-up',
      'Costume',
      'Runner',
      'Runner',
    ],
    vendors: ['Camera rental', 'Lighting & grip', 'Catering', 'Trucks & vans'],
  },
  musicVideo: {
    roles: [
      'Director',
      'Producer',
      'Director of Photography',
      'Focus Puller',
      'Gaffer',
      'Grip',
      'Make-up',
      'Hair',
      'Runner',
    ],
    vendors: ['Camera rental', 'Lighting & grip'],
  },
  corporate: {
    roles: ['Director', 'Producer', 'Camera Operator', 'Sound Mixer', 'Make-up', 'Runner'],
    vendors: [],
  },
  stills: {
    roles: ['Producer', 'Stills Photographer', 'Make-up', 'Hair', 'Costume', 'Runner'],
    vendors: ['Catering'],
  },
  documentary: {
    roles: ['Director', 'Producer', 'Camera Operator', 'Sound Mixer', 'Runner'],
    vendors: ['Trucks & vans'],
  },
  session: {
    roles: [
      'Director',
      'Producer',
      'Camera Operator',
      'Camera Operator',
      'Sound Mixer',
      'Boom Operator',
      'Runner',
    ],
    vendors: ['Sound rental', 'Camera rental'],
  },
  drama: {
    roles: [
      'Director',
      'Producer',
      'Production Manager',
      '1st Assistant Director',
      'Director of Photography',
      'Camera Operator',
      'Focus Puller',
      'Gaffer',
      'Electrician',
      'Key Grip',
      'Grip',
      'Sound Mixer',
      'Boom Operator',
      'Production Designer',
      'Art Director',
      'Make-up',
      'Hair',
      'Costume',
      'Location Manager',
      'Runner',
      'Runner',
    ],
    vendors: [
      'Camera rental',
      'Lighting & grip',
      'Catering',
      'Trucks & vans',
      'Trucks & vans',
      'Sound rental',
      'Power',
    ],
  },
  none: { roles: [], vendors: [] },
} satisfies Record<string, { roles: DemoRole[]; vendors: DemoVendorType[] }>
export type DemoShoot = keyof typeof DEMO_ROSTER_TEMPLATES

/** A booking decided by hand: the deliberate double bookings hang on these. */
export type DemoFixedBooking =
  | { kind: 'crew'; name: string; role: DemoRole; status: DemoBookingStatus }
  | { kind: 'vendor'; name: string; status: DemoBookingStatus }

/** The statuses a fresh schedule database starts with (migration 2). */
export type DemoBookingStatus = 'Pencilled' | 'Confirmed' | 'Asked' | 'Declined'
export type DemoProjectStatus = 'Enquiry' | 'Tentative' | 'Confirmed' | 'Wrapped' | 'Cancelled'

export type DemoProject = {
  name: string
  client: string | null
  location: string | null
  /** First day, counted from the Monday of the week the demo is made in. */
  start: number
  days: number
  status: DemoProjectStatus
  shoot: DemoShoot
  color: string
  notes?: string
  fixed?: DemoFixedBooking[]
  /** Call and wrap of a shoot day, 'HH:MM'. */
  hours?: [call: string, wrap: string]
}

const COLOURS = {
  aurora: '#0ea5e9',
  meridian: '#1e3a8a',
  halcyon: '#9333ea',
  kinetic: '#dc2626',
  lumen: '#db2777',
  greenleaf: '#16a34a',
  fjord: '#0f766e',
  pixelfox: '#ea580c',
  drama: '#334155',
}

/*
 * About three months around the week the demo is made: five weeks back,
 * eight ahead. Three bookings are double on purpose (Zoë on day 9, the
 * Roadrunner vans on day 10, An on day 18, the last one resolved), always
 * after the current week so the conflicts page, which starts today, shows
 * them.
 */
export const DEMO_PROJECTS: DemoProject[] = [
  {
    name: 'Aurora Sparkling – Summer Spot',
    client: 'Aurora Beverages',
    location: 'Studio Nine – Stage 2',
    start: -33,
    days: 3,
    status: 'Wrapped',
    shoot: 'commercial',
    color: COLOURS.aurora,
    notes: '30" and 10" cut-downs for TV and social.',
  },
  {
    name: 'Halcyon Records – "Paper Lanterns" video',
    client: 'Halcyon Records',
    location: 'Wapping Wall Warehouse',
    start: -29,
    days: 2,
    status: 'Wrapped',
    shoot: 'musicVideo',
    color: COLOURS.halcyon,
    hours: ['10:00', '22:00'],
  },
  {
    name: 'Meridian Bank – Staff Training Films',
    client: 'Meridian Bank',
    location: 'Meridian Bank head office',
    start: -26,
    days: 2,
    status: 'Wrapped',
    shoot: 'corporate',
    color: COLOURS.meridian,
  },
  {
    name: 'Lumen Skincare – Product Stills',
    client: 'Lumen Skincare',
    location: 'Studio Nine – Stage 2',
    start: -22,
    days: 1,
    status: 'Wrapped',
    shoot: 'stills',
    color: COLOURS.lumen,
  },
  {
    name: 'Kinetic Motors – EV Launch',
    client: 'Kinetic Motors',
    location: 'Margate seafront',
    start: -19,
    days: 4,
    status: 'Wrapped',
    shoot: 'commercial',
    color: COLOURS.kinetic,
    notes: 'Road closure permit from Thanet council, 06:00–10:00 each day.',
  },
  {
    name: 'The Lighthouse Keeper (short film)',
    client: null,
    location: 'Margate seafront',
    start: -15,
    days: 8,
    status: 'Wrapped',
    shoot: 'drama',
    color: COLOURS.drama,
    notes: 'Our own short, for the festival circuit.',
  },
  {
    name: 'Greenleaf Grocers – Harvest Campaign',
    client: 'Greenleaf Grocers',
    location: 'Greenleaf test kitchen',
    start: -10,
    days: 3,
    status: 'Wrapped',
    shoot: 'commercial',
    color: COLOURS.greenleaf,
  },
  {
    name: 'Pixelfox Games – Trailer Motion Capture',
    client: 'Pixelfox Games',
    location: 'Wapping Wall Warehouse',
    start: -6,
    days: 2,
    status: 'Wrapped',
    shoot: 'corporate',
    color: COLOURS.pixelfox,
  },
  {
    name: 'Halcyon Records – Tour Documentary',
    client: 'Halcyon Records',
    location: 'Union Chapel',
    start: -3,
    days: 5,
    status: 'Confirmed',
    shoot: 'documentary',
    color: COLOURS.halcyon,
    hours: ['14:00', '23:30'],
  },
  {
    name: 'Fjord Outdoor – Mountain Kit Catalogue',
    client: 'Fjord Outdoor Co.',
    location: 'Stanage Edge',
    start: 1,
    days: 3,
    status: 'Confirmed',
    shoot: 'stills',
    color: COLOURS.fjord,
    hours: ['06:00', '17:00'],
    notes: 'Weather day held on the Friday.',
  },
  {
    name: 'Meridian Bank – CEO Address',
    client: 'Meridian Bank',
    location: 'Meridian Bank head office',
    start: 4,
    days: 1,
    status: 'Confirmed',
    shoot: 'corporate',
    color: COLOURS.meridian,
  },
  {
    name: 'Aurora Sparkling – Winter Spot',
    client: 'Aurora Beverages',
    location: 'The Old Rectory, Shere',
    start: 7,
    days: 3,
    status: 'Confirmed',
    shoot: 'commercial',
    color: COLOURS.aurora,
    fixed: [
      { kind: 'crew', name: 'Zoë Ångström', role: 'Director of Photography', status: 'Confirmed' },
    ],
  },
  {
    name: 'Halcyon Records – Live Session',
    client: 'Halcyon Records',
    location: 'Union Chapel',
    start: 9,
    days: 2,
    status: 'Confirmed',
    shoot: 'session',
    color: COLOURS.halcyon,
    hours: ['12:00', '23:00'],
    fixed: [
      { kind: 'crew', name: 'Zoë Ångström', role: 'Director of Photography', status: 'Pencilled' },
      { kind: 'vendor', name: 'Roadrunner Unit Vans', status: 'Confirmed' },
    ],
  },
  {
    name: 'Kinetic Motors – Dealer Walkarounds',
    client: 'Kinetic Motors',
    location: 'Ancoats mill',
    start: 10,
    days: 3,
    status: 'Tentative',
    shoot: 'corporate',
    color: COLOURS.kinetic,
    fixed: [{ kind: 'vendor', name: 'Roadrunner Unit Vans', status: 'Confirmed' }],
  },
  {
    name: 'Night Shift (TV pilot)',
    client: null,
    location: 'Ancoats mill',
    start: 14,
    days: 10,
    status: 'Confirmed',
    shoot: 'drama',
    color: COLOURS.drama,
    hours: ['17:00', '05:00'],
    notes: 'Nights throughout. Unit base in the mill car park.',
    fixed: [{ kind: 'crew', name: 'Nguyễn Văn An', role: 'Editor', status: 'Confirmed' }],
  },
  {
    name: 'Lumen Skincare – Social Cutdowns',
    client: 'Lumen Skincare',
    location: 'Studio Nine – Stage 2',
    start: 16,
    days: 2,
    status: 'Tentative',
    shoot: 'musicVideo',
    color: COLOURS.lumen,
  },
  {
    name: 'Pixelfox Games – Launch Livestream',
    client: 'Pixelfox Games',
    location: 'Wapping Wall Warehouse',
    start: 18,
    days: 1,
    status: 'Tentative',
    shoot: 'session',
    color: COLOURS.pixelfox,
    hours: ['15:00', '23:00'],
    fixed: [{ kind: 'crew', name: 'Nguyễn Văn An', role: 'Editor', status: 'Confirmed' }],
  },
  {
    name: 'Greenleaf Grocers – Recipe Series',
    client: 'Greenleaf Grocers',
    location: 'Greenleaf test kitchen',
    start: 21,
    days: 5,
    status: 'Confirmed',
    shoot: 'commercial',
    color: COLOURS.greenleaf,
  },
  {
    name: 'Fjord Outdoor – Brand Documentary',
    client: 'Fjord Outdoor Co.',
    location: 'Stanage Edge',
    start: 28,
    days: 6,
    status: 'Tentative',
    shoot: 'documentary',
    color: COLOURS.fjord,
  },
  {
    name: 'Meridian Bank – Annual Report Film',
    client: 'Meridian Bank',
    location: 'Meridian Bank head office',
    start: 35,
    days: 3,
    status: 'Enquiry',
    shoot: 'corporate',
    color: COLOURS.meridian,
  },
  {
    name: 'Aurora Sparkling – Festival Stand',
    client: 'Aurora Beverages',
    location: 'Parliament Hill, Hampstead Heath',
    start: 38,
    days: 2,
    status: 'Cancelled',
    shoot: 'none',
    color: COLOURS.aurora,
    notes: 'Client pulled the festival budget; kept for the record.',
  },
  {
    name: 'Kinetic Motors – Spring Campaign',
    client: 'Kinetic Motors',
    location: 'Margate seafront',
    start: 42,
    days: 4,
    status: 'Enquiry',
    shoot: 'commercial',
    color: COLOURS.kinetic,
  },
  {
    name: 'Halcyon Records – Album Artwork Shoot',
    client: 'Halcyon Records',
    location: 'Studio Nine – Stage 2',
    start: 47,
    days: 1,
    status: 'Tentative',
    shoot: 'stills',
    color: COLOURS.halcyon,
  },
  {
    name: 'Greenleaf Grocers – Christmas Spot',
    client: 'Greenleaf Grocers',
    location: 'The Old Rectory, Shere',
    start: 50,
    days: 3,
    status: 'Enquiry',
    shoot: 'commercial',
    color: COLOURS.greenleaf,
  },
  {
    name: 'Lumen Skincare – Spring Launch',
    client: 'Lumen Skincare',
    location: 'Parliament Hill, Hampstead Heath',
    start: 54,
    days: 2,
    status: 'Enquiry',
    shoot: 'commercial',
    color: COLOURS.lumen,
  },
]

/** A pitch that went nowhere: it waits in the trash. */
export const DEMO_TRASHED_PROJECT: DemoProject = {
  name: 'Pixelfox Games – Pitch Reel',
  client: 'Pixelfox Games',
  location: null,
  start: 19,
  days: 1,
  status: 'Tentative',
  shoot: 'none',
  color: COLOURS.pixelfox,
}

/** The resolved double booking's note. */
export const DEMO_RESOLUTION = {
  crew: 'Nguyễn Văn An',
  project: 'Pixelfox Games – Launch Livestream',
  note: 'An cuts the livestream highlights in the evening; the Night Shift dailies take his mornings.',
}

export const DEMO_DAY_NOTES = [
  'Call 06:30 at unit base',
  'Travel day: train from Manchester Piccadilly 07:15',
  'Half day, leaves at 14:00',
  'Bring the 4x4 for the kit',
  'Parking suspension bay 3',
  'Picks up the lens order on the way',
]

export const DEMO_TASKS = {
  upcoming: [
    'Send the call sheet',
    'Confirm catering numbers',
    'Insurance certificate to the location',
    'Book parking suspensions',
    'Kit list to the rental house',
  ],
  wrapped: ['Return the hired kit', 'Invoice the client'],
}

export const DEMO_RESOURCE_NOTES = [
  {
    kind: 'crew' as const,
    name: 'Zoë Ångström',
    body: 'Prefers ten-hour days; brings her own focus puller when she can.',
    pinned: true,
  },
  {
    kind: 'crew' as const,
    name: 'Łukasz Nowak',
    body: 'Owns a 2.5 kW HMI kit: ask him before hiring one in.',
    pinned: true,
  },
  {
    kind: 'vendor' as const,
    name: 'Lensworks Camera Hire',
    body: 'Account NLP-2291; 10% off weekly hires.',
    pinned: false,
  },
  {
    kind: 'location' as const,
    name: 'Studio Nine – Stage 2',
    body: 'Loading bay closes at 19:00; parking for two trucks only.',
    pinned: true,
  },
  {
    kind: 'location' as const,
    name: 'Union Chapel',
    body: 'No haze or smoke in the chapel. Load in through the side gate.',
    pinned: false,
  },
]

export const DEMO_CREW_VENDOR_LINKS = [
  { crew: 'Łukasz Nowak', vendor: 'Brightside Lighting & Grip', notes: 'Their house gaffer' },
  { crew: 'Zoë Ångström', vendor: 'Lensworks Camera Hire', notes: 'Preferred camera house' },
  { crew: 'Georgia Hughes', vendor: 'Soho Grade Post', notes: 'Grades in-house there' },
]
