/* Waking ESs after a push into a pool (wake.c). */
#ifndef BTI_WAKE_H
#define BTI_WAKE_H

#include "es.h"

/* After a push into another ES's pool: that ES must run the unit. */
void bti_notify(bti_es_t *es);
/* After a push into the own shared pool: a sleeping ES could steal it. */
void bti_notify_thieves(bti_es_t *self);
/* After a push into another ES's shared pool: that ES, if it sleeps, or
 * else one that could steal the unit. */
void bti_notify_shared(bti_es_t *es);

#endif
