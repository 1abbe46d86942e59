"""The exceptions of rocdist's statuses: rocdist.Error, and a subclass per
status that is also the built-in exception a Python user would catch."""


class Error(Exception):
    """A rocdist call failed; `status` is the C API's rocdist_status."""

    status = None

    def __init__(self, message, status=None):
        super().__init__(message)
        if status is not None:
            self.status = status


class InvalidHandleError(Error):
    status = 1


class InvalidPointerError(Error, ValueError):
    """An array the call cannot write or read: none, misaligned, not contiguous."""

    status = 2


class InvalidValueError(Error, ValueError):
    status = 3


class UnknownTypeError(Error, TypeError):
    """An unknown ordering, normal method or dtype."""

    status = 4


class NoDeviceError(Error):
    status = 5


class WrongMemoryError(Error, TypeError):
    """An array in memory of the other kind (host for a GPU generator, or
    another device's)."""

    status = 6


class OutOfRangeError(Error, ValueError):
    """A request past the end of the stream (2^64 elements)."""

    status = 7


class AllocationError(Error, MemoryError):
    status = 8


class LaunchError(Error):
    status = 9


class InternalError(Error):
    status = 10


_BY_STATUS = {c.status: c for c in (InvalidHandleError, InvalidPointerError, InvalidValueError, UnknownTypeError,
                                     NoDeviceError, WrongMemoryError, OutOfRangeError, AllocationError, LaunchError,
                                     InternalError)}


def from_status(status, message):
    return _BY_STATUS.get(status, Error)(f"{message} (rocdist status {status})", status)
