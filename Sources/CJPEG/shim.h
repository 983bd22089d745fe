// libjpeg-turbo's TurboJPEG API, from the system (Debian: libturbojpeg0-dev; Homebrew: jpeg-turbo).
// TurboJPEG reports errors through return codes and tjGetErrorStr2 (its setjmp/longjmp recovery
// stays inside C), so Swift can decode untrusted JPEGs without libjpeg's default error_exit,
// which calls exit(), and without a longjmp across Swift frames.
#include <turbojpeg.h>
