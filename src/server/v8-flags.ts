import { setFlagsFromString } from 'node:v8';

// Imported first by main.ts, before the app's modules run. V8's allocation-site pretenuring misjudged this
// server: under load it began allocating row data straight into the old generation, so everything that data
// pointed to survived each young collection and was promoted, and collections cost the app two to three times
// what they cost a bare server (decision 029). Without it, request-scoped data dies young, as it should.
setFlagsFromString('--no-allocation-site-pretenuring');
