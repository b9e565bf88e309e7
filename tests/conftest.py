import pytest

from referee import lexicon


@pytest.fixture(scope="session")
def en() -> lexicon.Lexicon:
    return lexicon.load("en")
