/* What only the tests ask of src/win: kept out of include/, which is what a module may call. */
#ifndef WB_WIN_FOR_TESTS_H
#define WB_WIN_FOR_TESTS_H

/* 1 or 0 when XGETBV(1) can say whether the x87 state is in use, else -1 (src/win/x87.c). */
int wb_x87_in_use(void);

#endif
