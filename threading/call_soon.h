/* bt_call_soon's service thread, as bt_finalize and fork see it. */
#ifndef BTI_CALL_SOON_H
#define BTI_CALL_SOON_H

void bti_call_soon_fini(void);
void bti_call_soon_after_fork(void);

#endif
